/**
 * Many follow-up activities on the demo account's leads (bench:today, ADR 096): `n` activities, five a lead, on the
 * account's newest leads, each lead's sequence started 0–39 days ago. The steps before the lead's last few days are
 * worked; the rest are open, so Today has overdue, due and coming-up steps to rank. Written directly (no planning;
 * each activity with its step row, as a started sequence writes them),
 * in multi-row inserts: D1 binds at most 100 values a statement.
 */
import { and, desc, eq, notExists } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { followUpActivities, followUpActivityContacts, followUpSteps, leads, properties } from "#db/schema.ts";
import { DEFAULT_SEQUENCE_STEPS } from "#app/domain/sequences/steps.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const STEPS = [
  { dayNumber: 0, activityType: "call" },
  { dayNumber: 1, activityType: "text" },
  { dayNumber: 3, activityType: "letter" },
  { dayNumber: 7, activityType: "call" },
  { dayNumber: 14, activityType: "email" },
] as const;
const STARTED_WITHIN_DAYS = 40;
/** Steps due more than this long ago were worked; later ones are open. */
const WORKED_BEFORE_DAYS = 3;
const ROWS_PER_INSERT = 5;
const STATEMENTS_PER_BATCH = 50;

async function sendAll(db: Db, statements: { run: () => Promise<unknown> }[]) {
  for (let start = 0; start < statements.length; start += STATEMENTS_PER_BATCH) {
    const [first, ...rest] = statements.slice(start, start + STATEMENTS_PER_BATCH) as unknown as Parameters<Db["batch"]>[0];
    await db.batch([first, ...rest]);
  }
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) out.push(rows.slice(start, start + ROWS_PER_INSERT));
  return out;
}

export async function seedManyActivities(db: Db, userId: string, n: number, now = new Date()): Promise<void> {
  const leadCount = Math.ceil(n / STEPS.length);
  const crm = await db
    .select({ id: properties.id, phone: properties.ownerPhone })
    .from(properties)
    // Leads whose sequence already runs (the demo's own) are left as they are.
    .where(
      and(
        eq(properties.userId, userId),
        notExists(
          db
            .select({ id: leads.id })
            .from(leads)
            .where(and(eq(leads.vendor, "crm"), eq(leads.vendorLeadId, properties.id))),
        ),
      ),
    )
    .orderBy(desc(properties.createdAt))
    .limit(leadCount);
  const leadRows = [];
  const activityRows = [];
  const contactRows = [];
  const stepRows = [];
  for (const [index, property] of crm.entries()) {
    const leadId = crypto.randomUUID();
    const startedAt = new Date(now.getTime() - (index % STARTED_WITHIN_DAYS) * DAY_MS);
    leadRows.push({
      id: leadId,
      vendor: "crm",
      vendorLeadId: property.id,
      userId,
      propertyId: property.id,
      sequenceStatus: "active",
      sequenceStartedAt: startedAt,
      createdAt: startedAt,
      updatedAt: startedAt,
    });
    for (const [stepIndex, step] of STEPS.slice(0, Math.min(STEPS.length, n - index * STEPS.length)).entries()) {
      const scheduledFor = new Date(startedAt.getTime() + step.dayNumber * DAY_MS);
      const worked = scheduledFor.getTime() < now.getTime() - WORKED_BEFORE_DAYS * DAY_MS;
      const id = crypto.randomUUID();
      activityRows.push({ id, leadId, userId, ...step, scheduledFor, completedAt: worked ? scheduledFor : null, createdAt: startedAt });
      const template = DEFAULT_SEQUENCE_STEPS.find((planned) => planned.activityType === step.activityType)?.template ?? "";
      stepRows.push({
        activityId: id,
        userId,
        leadId,
        stepIndex,
        plannedType: step.activityType,
        template,
        status: worked ? "done" : "pending",
      });
      if (step.activityType === "call" || step.activityType === "text")
        contactRows.push({ activityId: id, recipientValue: property.phone ?? "(602) 555-0100", recipientType: "phone" as const });
    }
  }
  await sendAll(db, [
    ...chunks(leadRows).map((rows) => db.insert(leads).values(rows)),
    ...chunks(activityRows).map((rows) => db.insert(followUpActivities).values(rows)),
    ...chunks(contactRows).map((rows) => db.insert(followUpActivityContacts).values(rows)),
    ...chunks(stepRows).map((rows) => db.insert(followUpSteps).values(rows)),
  ]);
}
