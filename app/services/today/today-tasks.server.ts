/**
 * Today's tasks from its reads (ADR 096): every due task ranked on its facts, and only the first `shown` built in
 * full — contacts checked against the property's phones as they are now (a phone flagged DNC since is blocked), the
 * message filled in with the user's company name.
 */
import { ownerPhones } from "#app/domain/leads/phone.ts";
import { headlineNumbersOf } from "#app/domain/offers/deal-numbers.ts";
import { DAY_MS, endOfDay, type DncStatus } from "#app/domain/sequences/plan.ts";
import { templateFor, type ActivityType } from "#app/domain/sequences/steps.ts";
import { renderTemplate } from "#app/domain/sequences/templates.ts";
import { dayNumberDate, localDate, localDayNumber } from "#app/domain/shared/time-zone.ts";
import { bestPhoneOf } from "#app/domain/today/call-card.ts";
import { rankTasks, type TaskContact, type TodayTask } from "#app/domain/today/tasks.ts";

/** A due task as the task read brings it (today.server.ts): the step, its lead's property and the ranking's facts. */
export type TaskRow = Parameters<typeof ownerPhones>[0] & {
  id: string;
  leadId: string;
  activityType: ActivityType;
  dayNumber: number;
  scheduledFor: Date | null;
  template: string | null;
  plannedType: ActivityType | null;
  lastActionAt: Date | null;
  propertyId: string;
  address: string;
  ownerName: string | null;
  status: string;
  maxOffer: number | null;
  equityPercentage: number | null;
  leadType: string | null;
  /** The step's contact rows, a JSON array of [recipientType, recipientValue, dncStatus, status] (due-tasks.server.ts). */
  contacts: string;
  arv: number | null;
  ruleMaxOffer: number | null;
  repairEstimate: number | null;
  assignmentFee: number | null;
  lastNote: string | null;
};

/** A contact row of a due task. */
type ContactRow = [recipientType: TaskContact["recipientType"], recipientValue: string, dncStatus: string | null, status: string];

/**
 * What the ranking needs: the due tasks, and how many there are when the read brought only a page's candidates
 * (null: `rows` are all of them).
 */
export type TaskReads = { rows: readonly TaskRow[]; total: number | null };

const digitsOf = (phone: string) => phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");

/** A due row's place in the ranking (RankedFacts), before its contacts and message are worked out. */
function factsOf(row: TaskRow, now: Date, today: number, zone: string) {
  const scheduled = row.scheduledFor ?? now;
  const day = localDayNumber(scheduled, zone);
  const daysSinceContact = row.lastActionAt ? Math.floor((now.getTime() - row.lastActionAt.getTime()) / DAY_MS) : null;
  return {
    row,
    id: row.id,
    day,
    scheduledFor: scheduled.toISOString(),
    overdueDays: Math.max(0, today - day),
    status: row.status,
    equityPercentage: row.equityPercentage,
    leadType: row.leadType,
    daysSinceContact,
  };
}

/** The step's contact rows in a stable order (by type, then value), as the card lists them. */
function contactRowsOf(row: TaskRow): ContactRow[] {
  const contacts = JSON.parse(row.contacts) as ContactRow[];
  return contacts.sort(([typeA, valueA], [typeB, valueB]) =>
    typeA !== typeB ? (typeA < typeB ? -1 : 1) : valueA < valueB ? -1 : valueA > valueB ? 1 : 0,
  );
}

/** A task's contacts as the property's phones are now: a phone flagged DNC (or a wrong number) since is blocked. */
function contactsOf(row: TaskRow): TaskContact[] {
  const contacts = contactRowsOf(row);
  if (contacts.length === 0) return [];
  const lines = ownerPhones(row);
  const dnc = new Set(lines.filter((phone) => phone.dnc).map((phone) => digitsOf(phone.number)));
  const wrong = new Set(lines.filter((phone) => phone.wrongNumber).map((phone) => digitsOf(phone.number)));
  return contacts
    .filter(([, , , status]) => status !== "done")
    .map(([recipientType, recipientValue, stored]) => {
      const blocked = recipientType === "phone" && (stored === "blocked" || dnc.has(digitsOf(recipientValue)));
      const wrongNumber = stored === "wrong_number" || wrong.has(digitsOf(recipientValue));
      const phoneStatus: DncStatus = blocked ? "blocked" : wrongNumber ? "wrong_number" : "clear";
      return { recipientType, recipientValue, dncStatus: recipientType === "phone" ? phoneStatus : null };
    });
}

/**
 * The tasks due by the end of the user's today, ranked, and how many there are; only the first `shown` are built in
 * full (contacts, message filled in with the user's company name). From a page's read (ADR 096) the rows are its
 * candidates, which hold its first `shown` exactly.
 */
export function rankedTasks(
  { rows, total }: TaskReads,
  now: Date,
  companyName: string | null,
  zone: string,
  shown = Number.POSITIVE_INFINITY,
): { tasks: TodayTask[]; total: number } {
  const dueBefore = endOfDay(now, zone);
  // The user's today once, not per row (each is an Intl lookup outside UTC): a row's overdue days count from it.
  const today = localDayNumber(now, zone);
  const due = rows.filter((row) => (row.scheduledFor ?? now) < dueBefore);
  const ranked = rankTasks(due.map((row) => factsOf(row, now, today, zone)));
  const page = ranked.slice(0, shown);
  const tasks = page.map(({ row, day, scheduledFor, overdueDays }): TodayTask => ({
    id: row.id,
    leadId: row.leadId,
    propertyId: row.propertyId,
    address: row.address,
    ownerName: row.ownerName,
    activityType: row.activityType,
    dayNumber: row.dayNumber,
    scheduledFor,
    scheduledDate: dayNumberDate(day),
    overdueDays,
    contacts: contactsOf(row),
    message: renderTemplate(templateFor(row), { ownerName: row.ownerName, address: row.address, offerAmount: row.maxOffer, companyName }),
    status: row.status,
    bestPhone: bestPhoneOf(ownerPhones(row)),
    numbers: headlineNumbersOf(row),
    lastTouch: row.lastActionAt ? localDate(row.lastActionAt, zone) : null,
    lastNote: row.lastNote,
  }));
  return { tasks, total: total ?? ranked.length };
}

/** The ranked tasks due by the end of the user's today, their messages filled in with the user's company name. */
export function todayTasks(reads: TaskReads, now: Date, companyName: string | null, zone: string): TodayTask[] {
  return rankedTasks(reads, now, companyName, zone).tasks;
}
