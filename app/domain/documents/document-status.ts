/**
 * What a document's card says of where it is: a Letter of Intent is a draft until it is mailed, then "Mailed" until
 * it is signed; any other document says its stored status. A mailing is recorded beside the letter (letter_mailings),
 * not in its status, so the status a user sets stays theirs.
 */
import type { DocumentType } from "#db/enums.ts";

export type DocumentStage = "draft" | "mailed" | "pending" | "signed" | "completed";

export const DOCUMENT_STAGE_LABELS: Record<DocumentStage, string> = {
  draft: "Draft",
  mailed: "Mailed",
  pending: "Pending",
  signed: "Signed",
  completed: "Completed",
};

/** The card's stage: a mailed letter of intent that is not yet signed reads "mailed". */
export function documentStage(document: { type: DocumentType; status: string; mailed: boolean }): DocumentStage {
  const status = (Object.hasOwn(DOCUMENT_STAGE_LABELS, document.status) ? document.status : "draft") as DocumentStage;
  if (document.type === "letter_of_intent" && document.mailed && (status === "draft" || status === "pending")) return "mailed";
  return status;
}
