/**
 * The property card's offer part (the spec's "Property card dialog", "Create Offer dialog and Letter of Intent Created
 * dialog"): Create Offer (or Update Max Offer once there is one) opens the offer choice — Aggressive, Fair, Likely of the
 * ARV, or a custom amount — which produces the Letter of Intent; the Letter of Intent Created part offers View PDF in
 * New Tab, Download PDF and Close; Send Offer mails the max offer's letter. The URL says which part is open (`offer=1`,
 * `letter=<document id>`), so everything works before JavaScript loads. Each offer card is marked against the max
 * offer, the recommended one preselected; an offer with warnings comes back with them (`check=<offer type>`,
 * `custom=<amount>`, or `send=check` for Send Offer) and a "Confirm anyway".
 */
import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";

import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { dealNumbersOf, type DealRecord, type DealRule, type OfferOption } from "#app/domain/offers/deal-numbers.ts";
import { ARV_MISSING, chosenOfferAmount, type OfferChoice as Choice } from "#app/domain/offers/offer-rules.ts";
import { propertyOfferWarnings, type CheckedProperty } from "#app/domain/offers/warnings.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";

import { OfferChoice, useOfferChoiceCheck } from "./offer-choice.tsx";
import { OfferConfirmation, type Confirmation } from "./offer-confirmation.tsx";

type Props = {
  property: CheckedProperty & DealRecord & { id: string; offerPdfFilename: string | null };
  /** The user's deal rule: the tiers and the max offer are of it. */
  rule: DealRule;
};

const CHOICES = ["Aggressive", "Fair", "Likely", "custom"] as const;

/** The warnings the action sent the card back with (`check=…` / `send=check`), as a "Confirm anyway" form; else null. */
function confirmationOf(
  params: URLSearchParams,
  { property, rule }: Props,
  arv: number | null,
  options: OfferOption[],
): Confirmation | null {
  const check = params.get("check");
  if (isOneOf(CHOICES, check) && arv) {
    const custom = params.get("custom") ?? "";
    const chosen = chosenOfferAmount({ offerType: check as Choice, customOffer: custom, arv, options });
    if (!chosen.ok) return null;
    const warnings = propertyOfferWarnings(property, chosen.amount, { arv }, rule);
    if (warnings.length === 0) return null;
    return {
      intent: "letter",
      title: "Check this offer",
      message: "Before the letter is generated:",
      warnings,
      resubmit: { propertyId: property.id, arv: String(Math.round(arv)), offerType: check, customOffer: custom },
    };
  }
  if (params.get("send") === "check" && property.maxOffer) {
    const warnings = propertyOfferWarnings(property, Math.round(property.maxOffer), {}, rule);
    if (warnings.length === 0) return null;
    return {
      intent: "send",
      title: "Check this offer",
      message: "Before the letter is mailed:",
      warnings,
      resubmit: { propertyId: property.id },
    };
  }
  return null;
}

const ACTION = "/crm/offers";

export function PropertyOffer({ property, rule }: Props) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === ACTION ? navigation.formData?.get("intent") : null;
  // The property's one record: its current ARV and the max offer stored with its repairs and fee.
  const numbers = dealNumbersOf(property, rule);
  const arv = numbers.arv;
  const options = numbers.tiers;
  const check = useOfferChoiceCheck(options, arv);
  const confirmation = confirmationOf(params, { property, rule }, arv, options);
  const letter = params.get("letter");
  const creating = params.get("offer") === "1";
  const here = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return `/?${next}`;
  };

  return (
    <section aria-label="Offer" className="rounded-lg border border-slate-200 p-4 md:col-span-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {/* The offer chosen (the letter's amount) and the 70% rule's max offer are two numbers, labelled as such. */}
          Offer {formatMoney(numbers.offer)}{" "}
          <span className="font-normal text-slate-600">
            · {numbers.maxOfferLabel} {formatMoney(numbers.maxOffer)}
          </span>
        </h3>
        <div className="flex flex-wrap gap-2">
          {creating ? null : (
            <Link to={here({ offer: "1", letter: null })} preventScrollReset replace className={buttonClass("secondary")}>
              {property.maxOffer ? "Update Max Offer" : "Create Offer"}
            </Link>
          )}
          <Form method="post" action={ACTION}>
            <input type="hidden" name="propertyId" value={property.id} />
            <Button type="submit" name="intent" value="send" disabled={Boolean(busy)}>
              {busy === "send" ? "Sending..." : "Send Offer"}
            </Button>
          </Form>
        </div>
      </div>

      {confirmation ? (
        <div className="mt-4">
          <OfferConfirmation
            confirmation={confirmation}
            action={ACTION}
            cancel={
              <Link to={here({ check: null, custom: null, send: null })} preventScrollReset replace className={buttonClass("secondary")}>
                Cancel
              </Link>
            }
          />
        </div>
      ) : null}

      {creating ? (
        <CreateOffer
          propertyId={property.id}
          hasOffer={Boolean(property.maxOffer)}
          numbers={numbers}
          check={check}
          busy={busy}
          cancelHref={here({ offer: null })}
        />
      ) : null}

      {letter && /^[0-9a-f-]{36}$/.test(letter) ? (
        <LetterCreated letter={letter} fileName={property.offerPdfFilename} closeHref={here({ letter: null })} />
      ) : null}
    </section>
  );
}

/** The letter just made: View and Download its PDF, or Close. */
function LetterCreated({ letter, fileName, closeHref }: { letter: string; fileName: string | null; closeHref: string }) {
  return (
    <div role="status" aria-label="Letter of Intent Created" className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <h4 className="font-semibold text-emerald-900">Letter of Intent Created</h4>
      <p className="mt-1 text-sm text-emerald-900">{fileName}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={`/documents/${letter}/view`} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
          View PDF in New Tab
        </a>
        <a href={`/documents/${letter}/download`} download={fileName ?? undefined} className={buttonClass("secondary")}>
          Download PDF
        </a>
        <Link to={closeHref} preventScrollReset replace className={buttonClass("ghost")}>
          Close
        </Link>
      </div>
    </div>
  );
}

/** Create Offer: the offer choices as shares of the ARV net of repairs and fee, or why there are none (no ARV). */
function CreateOffer({
  propertyId,
  hasOffer,
  numbers,
  check,
  busy,
  cancelHref,
}: {
  propertyId: string;
  hasOffer: boolean;
  numbers: ReturnType<typeof dealNumbersOf>;
  check: ReturnType<typeof useOfferChoiceCheck>;
  busy: FormDataEntryValue | null | undefined;
  cancelHref: string;
}) {
  return (
    <div className="mt-4">
      <h4 className="mb-2 font-semibold text-slate-900">Create Offer</h4>
      {numbers.tiers.length === 0 ? (
        <p role="alert" className="text-sm text-amber-900">
          <strong>{ARV_MISSING.title}</strong> - {ARV_MISSING.description}
        </p>
      ) : (
        <Form
          method="post"
          action={ACTION}
          className="grid gap-3"
          onSubmit={(event) => {
            if (!check(event.currentTarget)) event.preventDefault();
          }}
        >
          <input type="hidden" name="propertyId" value={propertyId} />
          <input type="hidden" name="arv" value={Math.round(numbers.arv!)} />
          <p className="text-sm text-slate-600">
            Offers are shares of the ARV, {formatMoney(numbers.arv)}, less {formatMoney(numbers.repairs)} repairs and{" "}
            {formatMoney(numbers.assignmentFee)} fee.
          </p>
          <OfferChoice options={numbers.tiers} idPrefix="crm-offer" initial={numbers.recommended} />
          <div className="flex justify-end gap-2">
            <Link to={cancelHref} preventScrollReset replace className={buttonClass("secondary")}>
              Cancel
            </Link>
            <Button type="submit" name="intent" value="letter" disabled={Boolean(busy)}>
              {busy === "letter" ? "Creating..." : hasOffer ? "Update Max Offer" : "Create Offer"}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
