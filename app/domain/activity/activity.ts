/**
 * The workspace's activity log in words: what each kind of entry says, the page's filters and how long entries are
 * kept. An entry reads "<member> <did what> — <address>", e.g. "Casey Caller logged a call: No answer — 123 Main
 * St, Phoenix, AZ".
 */
import { z } from "zod";

import { ACTIVITY_KINDS, WORKSPACE_ROLE_LABELS, type ActivityKind, type WorkspaceRole } from "#db/enums.ts";
import { formatMoney } from "#app/domain/shared/format.ts";

/** Entries are kept 13 months, then the hourly sweep deletes them. */
export const ACTIVITY_KEPT_MONTHS = 13;

/** Entries one page of the log shows. */
export const ACTIVITY_PAGE_SIZE = 50;

/** The filter's name for each kind. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  letter_mailed: "Letters mailed",
  offer_confirmed: "Offers changed",
  exported: "Exports",
  member_invited: "Invitations",
  member_role_changed: "Role changes",
  member_removed: "Members removed",
  call_logged: "Calls",
  task_worked: "Tasks worked",
  note_logged: "Notes",
  blast_sent: "Blasts sent",
  buyer_offer_accepted: "Buyers' offers accepted",
  buyer_offer_declined: "Buyers' offers declined",
  fee_received: "Fees received",
};

/** The exports a member can download, by the name an entry keeps. */
export const EXPORT_LABELS: Record<string, string> = {
  leads: "the leads (CSV)",
  dashboard: "the dashboard (CSV)",
  loop: "the closed-loop report (CSV)",
};

export type ActivityEntry = {
  id: string;
  kind: ActivityKind;
  createdAt: Date;
  actorName: string;
  memberName: string | null;
  place: string | null;
  detail: {
    amount?: number;
    from?: number | null;
    to?: number;
    outcome?: string;
    export?: string;
    email?: string;
    role?: string;
    count?: number;
    buyer?: string;
  };
};

const roleLabel = (role: string | undefined) => WORKSPACE_ROLE_LABELS[(role ?? "caller") as WorkspaceRole] ?? role;

/** A buyer's offer answered, in words: an offer names its amount, an inquiry (no amount) none. */
function buyerOfferAction(verb: "accepted" | "declined", detail: ActivityEntry["detail"]): string {
  const whose = detail.buyer ? `${detail.buyer}'s` : "a buyer's";
  return detail.amount === undefined ? `${verb} ${whose} inquiry` : `${verb} ${whose} offer of ${formatMoney(detail.amount)}`;
}

/** What the member did, in words, without the member's name or the address. */
export function activityAction(entry: Omit<ActivityEntry, "id" | "createdAt" | "actorName">): string {
  const { detail } = entry;
  const member = entry.memberName ?? "a member";
  switch (entry.kind) {
    case "letter_mailed":
      return detail.amount === undefined ? "mailed a letter" : `mailed a letter of intent for ${formatMoney(detail.amount)}`;
    case "offer_confirmed":
      return detail.from === null || detail.from === undefined
        ? `set the offer to ${formatMoney(detail.to)}`
        : `changed the offer from ${formatMoney(detail.from)} to ${formatMoney(detail.to)}`;
    case "exported":
      return `exported ${EXPORT_LABELS[detail.export ?? ""] ?? "a report"}`;
    case "member_invited":
      return `invited ${detail.email ?? "someone"} as ${roleLabel(detail.role)}`;
    case "member_role_changed":
      return `made ${member} ${roleLabel(detail.role)}`;
    case "member_removed":
      return `removed ${member} from the workspace`;
    case "call_logged":
      return `logged a call: ${detail.outcome ?? "Call"}`;
    case "task_worked":
      return `worked a task: ${detail.outcome ?? "Done"}`;
    case "note_logged":
      return "added a note";
    case "blast_sent":
      return `sent a blast to ${detail.count === 1 ? "1 buyer" : `${detail.count ?? 0} buyers`}`;
    case "buyer_offer_accepted":
      return buyerOfferAction("accepted", detail);
    case "buyer_offer_declined":
      return buyerOfferAction("declined", detail);
    case "fee_received":
      return `recorded the assignment fee received: ${formatMoney(detail.amount)}`;
  }
}

/** The whole entry in words: who, what, and the lead's address where there is one. */
export function activityWords(entry: Omit<ActivityEntry, "id" | "createdAt">): string {
  const what = `${entry.actorName} ${activityAction(entry)}`;
  return entry.place ? `${what} — ${entry.place}` : what;
}

/** A lead's address as an entry keeps it: "123 Main St, Phoenix, AZ". */
export function placeOf(property: { address: string; city?: string | null; state?: string | null }): string {
  return [property.address, property.city, property.state].filter(Boolean).join(", ");
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-11-27")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Use a real date")
  .optional()
  .or(z.literal("").transform(() => undefined));

/** The page's filters, from its GET form: every field optional, an empty one is no filter. */
export const ActivityFilterSchema = z
  .object({
    member: z
      .string()
      .max(64)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    kind: z
      .enum(ACTIVITY_KINDS, { message: "Choose a kind of action" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    from: day,
    to: day,
    page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: "The first day must not be after the last",
    path: ["to"],
  });
export type ActivityFilters = z.infer<typeof ActivityFilterSchema>;

/** The instant `months` calendar months before `now` (UTC): entries older than it are no longer kept. */
export function monthsBefore(now: Date, months: number): Date {
  const then = new Date(now.getTime());
  then.setUTCMonth(then.getUTCMonth() - months);
  return then;
}
