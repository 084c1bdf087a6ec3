/**
 * What working a task reads, in one batch: the task with its step, its lead's sequence state and its property; the
 * lead's other steps; the task's contact rows; the company a letter is signed with. And, after a claim that failed,
 * the state that explains why.
 */
import { and, asc, eq, sql } from "drizzle-orm";

import { companyProfiles, followUpActivities, followUpActivityContacts, followUpSteps, leads, properties } from "#db/schema.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { noReplySinceLastMove, PROPERTY_FIELDS } from "./rows.server.ts";

/** The seller replied in Messages since the sequence last moved (1), else 0. */
const replied = sql<number>`case when ${noReplySinceLastMove()} then 0 else 1 end`.as("replied");

export function taskRead({ db }: ServiceContext<"db">, userId: string, activityId: string) {
  return db
    .select({
      id: followUpActivities.id,
      leadId: followUpActivities.leadId,
      activityType: followUpActivities.activityType,
      scheduledFor: followUpActivities.scheduledFor,
      completedAt: followUpActivities.completedAt,
      plannedType: followUpSteps.plannedType,
      template: followUpSteps.template,
      stepIndex: followUpSteps.stepIndex,
      // Aliased: D1's batch answers rows keyed by column name, and the property's `status` is read too.
      stepStatus: sql<string>`${followUpSteps.status}`.as("step_status"),
      claimedAt: followUpSteps.claimedAt,
      sequenceStatus: leads.sequenceStatus,
      sequenceMeta: leads.metaJson,
      replied,
      ...PROPERTY_FIELDS,
    })
    .from(followUpActivities)
    .innerJoin(followUpSteps, eq(followUpSteps.activityId, followUpActivities.id))
    .innerJoin(leads, eq(leads.id, followUpActivities.leadId))
    .innerJoin(properties, and(eq(properties.id, leads.propertyId), eq(properties.userId, userId)))
    .where(and(eq(followUpActivities.id, activityId), eq(followUpActivities.userId, userId)));
}

/** The task's step and sequence state as they are now (after a claim or a snooze found nothing to change). */
export function taskStateRead({ db }: ServiceContext<"db">, userId: string, activityId: string) {
  return db
    .select({
      stepStatus: followUpSteps.status,
      sequenceStatus: leads.sequenceStatus,
      propertyStatus: properties.status,
      replied,
    })
    .from(followUpSteps)
    .innerJoin(leads, eq(leads.id, followUpSteps.leadId))
    .innerJoin(properties, and(eq(properties.id, leads.propertyId), eq(properties.userId, userId)))
    .where(and(eq(followUpSteps.activityId, activityId), eq(followUpSteps.userId, userId)));
}

/** The steps of the task's lead, in order. */
export function leadStepsRead({ db }: ServiceContext<"db">, userId: string, activityId: string) {
  const leadOfTask = db
    .select({ leadId: followUpActivities.leadId })
    .from(followUpActivities)
    .where(and(eq(followUpActivities.id, activityId), eq(followUpActivities.userId, userId)));
  return db
    .select({
      activityId: followUpSteps.activityId,
      stepIndex: followUpSteps.stepIndex,
      plannedType: followUpSteps.plannedType,
      status: followUpSteps.status,
      dayNumber: followUpActivities.dayNumber,
      scheduledFor: followUpActivities.scheduledFor,
    })
    .from(followUpSteps)
    .innerJoin(followUpActivities, eq(followUpActivities.id, followUpSteps.activityId))
    .where(and(sql`${followUpSteps.leadId} = (${leadOfTask})`, eq(followUpSteps.userId, userId)))
    .orderBy(asc(followUpSteps.stepIndex));
}

export function taskContactsRead({ db }: ServiceContext<"db">, userId: string, activityId: string) {
  return db
    .select({
      id: followUpActivityContacts.id,
      recipientType: followUpActivityContacts.recipientType,
      recipientValue: followUpActivityContacts.recipientValue,
      status: followUpActivityContacts.status,
      dncStatus: followUpActivityContacts.dncStatus,
    })
    .from(followUpActivityContacts)
    .innerJoin(followUpActivities, eq(followUpActivities.id, followUpActivityContacts.activityId))
    .where(and(eq(followUpActivityContacts.activityId, activityId), eq(followUpActivities.userId, userId)));
}

/** The company name a letter is signed with (the step's {companyName}). */
export function companyRead({ db }: ServiceContext<"db">, userId: string) {
  return db.select({ companyName: companyProfiles.companyName }).from(companyProfiles).where(eq(companyProfiles.userId, userId));
}
