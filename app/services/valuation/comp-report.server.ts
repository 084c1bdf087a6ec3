/**
 * "Comp report" (docs/decisions/091-comps-the-user-can-defend.md): the user's property valued again
 * with their pinned and excluded comps applied — recorded on the property like any valuation (storeValuation), so the report, the
 * card and the workbench say the same ARV — then the report rendered with pdf-lib, stored in R2 under the user's
 * prefix and listed in Documents (type comp_report, a draft). Another user's property → 404, nothing written.
 */
import { and, eq } from "drizzle-orm";

import { documents, pinnedComps, properties } from "#db/schema.ts";
import { documentKey } from "#app/domain/documents/file-keys.ts";
import { compReportText } from "#app/domain/valuation/comp-report.ts";
import { COMPS_ANALYSIS_FAILED, type ValuationFailure } from "#app/domain/valuation/comparables.ts";
import { excludeReasonLabel } from "#app/domain/valuation/pinned-comps-form.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { renderCompReportPdf } from "#app/services/documents/comp-report-pdf.server.ts";
import { toDocumentView, type DocumentView } from "#app/services/documents/records.server.ts";

import { subjectOfProperty } from "./property-comps.server.ts";
import { storeValuation } from "./store-comps.server.ts";
import { arvAnswer, value } from "./valuation.server.ts";

type ReportContext = ServiceContext<"db" | "providers" | "now" | "files" | "config">;

const CHOICE_WORDS = { pinned: "Pinned", added: "Added", excluded: "Excluded" } as const;

/** The user's choices as the report lists them. */
async function choiceLines(context: ReportContext, userId: string, propertyId: string): Promise<{ lines: string[]; excluded: number }> {
  const rows = await context.db
    .select({ choice: pinnedComps.choice, address: pinnedComps.address, reason: pinnedComps.reason, note: pinnedComps.note })
    .from(pinnedComps)
    .where(and(eq(pinnedComps.userId, userId), eq(pinnedComps.propertyId, propertyId)));
  const lines = rows.map((row) => {
    const why = row.choice === "excluded" ? `: ${excludeReasonLabel(row.reason)}${row.note ? ` - ${row.note}` : ""}` : "";
    return `${CHOICE_WORDS[row.choice]} ${row.address}${why}`;
  });
  return { lines, excluded: rows.filter((row) => row.choice === "excluded").length };
}

export async function generateCompReport(
  context: ReportContext,
  userId: string,
  propertyId: string,
): Promise<{ ok: true; document: DocumentView } | ValuationFailure> {
  const placed = await subjectOfProperty(context, userId, propertyId);
  if (!placed.ok) return placed;
  const { subject, valuationDate, bought } = placed;
  const outcome = await value(context, subject, valuationDate, { userId, propertyId, bought });
  if (!outcome.ok) return { ok: false, status: 422, message: `${COMPS_ANALYSIS_FAILED}: ${outcome.refusal.message}` };
  const now = context.now();
  const stored = await storeValuation({ db: context.db, now: () => now }, userId, propertyId, arvAnswer(outcome.result, valuationDate, []));
  if (!stored.ok) return stored;
  const property = await context.db
    .select({ address: properties.address, city: properties.city, state: properties.state, zipCode: properties.zipCode })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)))
    .get();
  if (!property) return { ok: false, status: 404, message: "Property not found" };
  const address = [property.address, property.city, [property.state, property.zipCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const choices = await choiceLines(context, userId, propertyId);
  const text = compReportText({
    address,
    subject,
    result: outcome.result,
    valuationDate,
    madeOn: now.toISOString().slice(0, 10),
    choices: choices.lines,
    excluded: choices.excluded,
  });
  const bytes = await renderCompReportPdf(text);
  const key = documentKey(userId, "pdf");
  await context.files.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  const [row] = await context.db
    .insert(documents)
    .values({
      userId,
      propertyId,
      name: text.fileName,
      type: "comp_report",
      status: "draft",
      content: [text.title, ...text.subject, ...text.value, ...text.rows.map((r) => `${r.number}. ${r.address} ${r.price} ${r.date}`)].join(
        "\n",
      ),
      filePath: key,
      contentType: "application/pdf",
      sizeBytes: bytes.byteLength,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { ok: true, document: toDocumentView(row) };
}
