/**
 * A lead's running sequence planned again after its owner's contacts changed elsewhere (a phone put on the
 * do-not-call list by editing the property): every step still pending is re-planned against the property as it is
 * now, in one batch of statements each guarded by the step being still pending, so a call to a number just blocked
 * falls back at once and a step a request is working is left alone.
 */
import { and, eq } from "drizzle-orm";

import { followUpSteps, leads } from "#db/schema.ts";
import { planStep, reachabilityOf } from "#app/domain/sequences/plan.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { CRM_LEAD_VENDOR, propertyRead, replanStatements } from "./rows.server.ts";

/** The contact fields of a property a sequence plans with: a change to any of them re-plans its running sequence. */
export const CONTACT_FIELDS = [
  "ownerPhone",
  "ownerMobilePhone",
  "ownerLandLine",
  "ownerDncPhone",
  "ownerPhoneNumbers",
  "ownerEmail",
  "ownerEmails",
  "ownerMailingAddress",
] as const;

export async function replanAfterContactChange(
  context: ServiceContext<"db" | "now">,
  request: { userId: string; propertyId: string },
): Promise<number> {
  const { db } = context;
  const { userId, propertyId } = request;
  const now = context.now();
  const [[property], pending] = await db.batch([
    propertyRead(context, userId, propertyId),
    db
      .select({ activityId: followUpSteps.activityId, plannedType: followUpSteps.plannedType })
      .from(followUpSteps)
      .innerJoin(leads, eq(leads.id, followUpSteps.leadId))
      .where(
        and(
          eq(leads.vendor, CRM_LEAD_VENDOR),
          eq(leads.vendorLeadId, propertyId),
          eq(followUpSteps.userId, userId),
          eq(followUpSteps.status, "pending"),
        ),
      ),
  ]);
  if (!property || pending.length === 0) return 0;
  const reach = reachabilityOf(property);
  const statements = pending.flatMap((step) =>
    replanStatements({ db, now: () => now }, userId, step.activityId, planStep(step.plannedType, reach)),
  );
  const [first, ...rest] = statements;
  await db.batch([first, ...rest]);
  return pending.length;
}
