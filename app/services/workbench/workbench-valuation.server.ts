/**
 * The workbench's Get Property Value as a form post (the spec's "Workbench banners"; "Workbench flow", the spec
 * calculate-arv, the value-calculation Demo Mode; docs/decisions/055-valuation-screens.md). The form carries the lead's facts — what the
 * spec's workbench sends to calculate-arv — and the saved property's id; the lead is valued by the same service as
 * POST /api/properties/calculate-arv, and its ARV and comps are recorded on the user's property (storeValuation).
 *
 * - Round trips: the session lookup with the subject's place lookups (market data, no user data), the candidates,
 *   then one batch that writes only while the property is the user's: 3. Let's Work It starts the place lookups
 *   beside its save, so saving and valuing a lead costs 4.
 * - A refusal (a bad form, an address nobody can place, no comps at the widest step) answers the page with its
 * message and writes nothing — never a made-up number. Only a failure of the call itself falls back to the spec's Demo
 *   Mode, which the page shows as such and which is never stored.
 */

import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";
import { DEMO_MODE, offerStepsHref } from "#app/domain/offers/offer-rules.ts";
import { COMPS_ANALYSIS_FAILED } from "#app/domain/valuation/comparables.ts";
import { CalculateArvSchema } from "#app/domain/valuation/valuation-forms.ts";
import { DEMO_VALUE } from "#app/domain/valuation/view.ts";
import { leadValuationForm } from "#app/domain/workbench/lead-facts.ts";
import { workbenchHref } from "#app/domain/workbench/workbench-rules.ts";
import type { ValidSession } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import type { Toast } from "#app/services/http/toast.server.ts";
import { storeValuation } from "#app/services/valuation/store-comps.server.ts";
import { placeArvSubject, valueArv } from "#app/services/valuation/valuation.server.ts";

export const VALUE_INTENT = "value";

export type ValueOutcome =
  { redirect: string; toast: Toast } | { intent: typeof VALUE_INTENT; title: string; message: string; status: 400 | 404 | 422 };

const text = (value: FormDataEntryValue | undefined) => (typeof value === "string" ? value : undefined);

type ArvInput = ReturnType<typeof CalculateArvSchema.parse>;

/** The form's facts as calculate-arv reads them, or the refusal's message. */
function parseValueForm(form: Record<string, FormDataEntryValue>): { ok: true; input: ArvInput } | { ok: false; message: string } {
  const parsed = CalculateArvSchema.safeParse({
    address: text(form.address),
    city: text(form.city),
    state: text(form.state),
    zipCode: text(form.zipCode),
    bedrooms: text(form.bedrooms) || undefined,
    bathrooms: text(form.bathrooms) || undefined,
    squareFeet: text(form.squareFeet) || undefined,
    yearBuilt: text(form.yearBuilt) || undefined,
    propertyType: text(form.propertyType) || undefined,
    batchDataEstValue: text(form.batchDataEstValue),
  });
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? "The property could not be read." };
}

export async function valueAction(
  context: ServiceContext<"db" | "providers" | "now" | "config">,
  signedIn: Promise<ValidSession>,
  form: Record<string, FormDataEntryValue>,
  /** The search whose queue the page shows (`?request=`), kept in the page the answer returns to. */
  request: string | null = null,
): Promise<ValueOutcome> {
  const index = /^\d{1,7}$/.test(text(form.index) ?? "") ? Number(form.index) : 0;
  const propertyId = text(form.propertyId)?.trim() ?? "";
  const parsed = parseValueForm(form);
  if (!parsed.ok || propertyId === "" || propertyId.length > 64) {
    await signedIn;
    return { intent: VALUE_INTENT, title: "Validation error", message: parsed.ok ? "Property not found" : parsed.message, status: 400 };
  }
  // The place lookups read no user data: they run beside the session lookup, as calculate-arv's do.
  const placing = placeArvSubject(context, parsed.input);
  placing.catch(() => undefined);
  const session = await signedIn;
  const valuing = valueArv(context, parsed.input, placing, { userId: session.workspaceId, propertyId });
  return settleValuation(context, session.workspaceId, propertyId, valuing, workbenchHref(index, { request }));
}

/** A valuation under way: its outcome, stored on the user's property, as the page's answer (Demo Mode on a failure). */
async function settleValuation(
  context: ServiceContext<"db" | "now">,
  userId: string,
  propertyId: string,
  valuing: ReturnType<typeof valueArv>,
  base: string,
): Promise<ValueOutcome> {
  let outcome;
  let stored;
  try {
    outcome = await valuing;
    if (outcome.ok) stored = await storeValuation(context, userId, propertyId, outcome);
  } catch (error) {
    // The valuation call failed (not refused): Demo Mode, said so on screen, nothing stored.
    console.error("workbench valuation failed", error);
    return {
      redirect: offerStepsHref(base, { valuation: DEMO_VALUE }),
      toast: {
        title: DEMO_MODE.value,
        description: "The valuation service could not be reached; demo figures are shown.",
        variant: "info",
      },
    };
  }
  if (!outcome.ok) return { intent: VALUE_INTENT, title: COMPS_ANALYSIS_FAILED, message: outcome.message, status: 422 };
  if (!stored?.ok) return { intent: VALUE_INTENT, title: "Error", message: stored?.message ?? "Property not found", status: 404 };
  const valuation = {
    arv: outcome.arv,
    low: outcome.range_low,
    high: outcome.range_high,
    confidence: Math.round(outcome.confidence * 100),
  };
  return {
    redirect: offerStepsHref(base, { valuation }),
    toast: {
      title: "Property Value Calculated",
      description: `ARV $${Math.round(outcome.arv).toLocaleString("en-US")} from ${stored.comps.length} comparable sales.`,
      variant: "success",
    },
  };
}

/** Let's Work It's valuation, started from the lead's facts beside its save (it reads market data only). */
export type WorkedValuation = ReturnType<typeof valueArv> | null;

/**
 * Let's Work It starts the valuation (fewer clicks): the lead is valued as Get Property Value would value
 * it, so the page arrives with the Property Value panel filled and the offers computed from its ARV. The place and
 * candidate reads start with the save (they need the lead's facts, not its row); only the store waits for the saved
 * property. Null when the lead's facts cannot be valued (the save then answers as before).
 */
export function startWorkedValuation(
  context: ServiceContext<"db" | "providers" | "now" | "config">,
  userId: string,
  lead: LeadQueueItem,
): WorkedValuation {
  const parsed = parseValueForm(leadValuationForm(lead, "", 0));
  if (!parsed.ok) return null;
  // The user's own uploaded sales are comps for their valuations only (ADR 093).
  const valuing = valueArv(context, parsed.input, placeArvSubject(context, parsed.input), { userId });
  // Awaited by valueWorkedLead; a save that fails first must not leave it unhandled.
  valuing.catch(() => undefined);
  return valuing;
}

/** The started valuation, stored on the lead just saved: the Property Value panel's answer, with the details open. */
export function valueWorkedLead(
  context: ServiceContext<"db" | "now">,
  userId: string,
  valuing: NonNullable<WorkedValuation>,
  propertyId: string,
  index: number,
  request: string | null,
): Promise<ValueOutcome> {
  return settleValuation(context, userId, propertyId, valuing, workbenchHref(index, { request, details: true }));
}
