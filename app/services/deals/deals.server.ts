/**
 * Deals of the signed-in user: listing (with the property each came from), creating one from a lead, moving and
 * editing. Shared by the /api/deals routes, the pipeline's form actions and the section loaders. Every query filters
 * by the user id; a foreign or unknown id is "not found".
 */
import { and, asc, desc, eq, notExists } from "drizzle-orm";

import type { DealStage, DispoStatus } from "#db/enums.ts";
import { deals, properties } from "#db/schema.ts";
import type { CreateDealInput, UpdateDealInput } from "#app/domain/deals/deal-forms.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { PROPERTY_NOT_FOUND } from "#app/services/leads/properties.server.ts";

// ---------------------------------------------------------------------------------------------------------------
// Reading

export type DealView = {
  id: string;
  propertyId: string | null;
  stage: DealStage;
  dealValue: number | null;
  profit: number | null;
  closeDate: string | null;
  notes: string | null;
  /** The purchase contract's terms and the disposition status (a deal under contract; null before). */
  dispoStatus: DispoStatus | null;
  contractPrice: number | null;
  inspectionDeadline: string | null;
  earnestMoney: number | null;
  assignmentFeeAsked: number | null;
  buyerPrice: number | null;
  createdAt: string;
  updatedAt: string;
  property: {
    address: string;
    city: string | null;
    state: string | null;
    bedrooms: number | null;
    bathrooms: number | null;
    squareFeet: number | null;
    /** The lead's status, shown with the CRM filter it is found under. */
    status: string;
  } | null;
};

const DEAL_COLUMNS = {
  id: deals.id,
  propertyId: deals.propertyId,
  stage: deals.stage,
  dealValue: deals.dealValue,
  profit: deals.profit,
  closeDate: deals.closeDate,
  notes: deals.notes,
  dispoStatus: deals.dispoStatus,
  contractPrice: deals.contractPrice,
  inspectionDeadline: deals.inspectionDeadline,
  earnestMoney: deals.earnestMoney,
  assignmentFeeAsked: deals.assignmentFeeAsked,
  buyerPrice: deals.buyerPrice,
  createdAt: deals.createdAt,
  updatedAt: deals.updatedAt,
  address: properties.address,
  city: properties.city,
  state: properties.state,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  squareFeet: properties.squareFeet,
  status: properties.status,
};

type DealRow = {
  id: string;
  propertyId: string | null;
  stage: DealView["stage"];
  dealValue: number | null;
  profit: number | null;
  closeDate: Date | null;
  notes: string | null;
  dispoStatus: DispoStatus | null;
  contractPrice: number | null;
  inspectionDeadline: Date | null;
  earnestMoney: number | null;
  assignmentFeeAsked: number | null;
  buyerPrice: number | null;
  createdAt: Date;
  updatedAt: Date;
  address: string | null;
  city: string | null;
  state: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFeet: number | null;
  status: string | null;
};

function toView(row: DealRow): DealView {
  return {
    id: row.id,
    propertyId: row.propertyId,
    stage: row.stage,
    dealValue: row.dealValue,
    profit: row.profit,
    closeDate: row.closeDate ? row.closeDate.toISOString() : null,
    notes: row.notes,
    dispoStatus: row.dispoStatus,
    contractPrice: row.contractPrice,
    inspectionDeadline: row.inspectionDeadline ? row.inspectionDeadline.toISOString() : null,
    earnestMoney: row.earnestMoney,
    assignmentFeeAsked: row.assignmentFeeAsked,
    buyerPrice: row.buyerPrice,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    property:
      row.address === null
        ? null
        : {
            address: row.address,
            city: row.city,
            state: row.state,
            bedrooms: row.bedrooms,
            bathrooms: row.bathrooms,
            squareFeet: row.squareFeet,
            status: row.status ?? "new",
          },
  };
}

/** The user's deals, newest first, each with its property's card fields (null when the property is gone). */
export async function listDeals(context: ServiceContext<"db">, userId: string): Promise<DealView[]> {
  const { db } = context;
  const rows = await db
    .select(DEAL_COLUMNS)
    .from(deals)
    .leftJoin(properties, and(eq(properties.id, deals.propertyId), eq(properties.userId, userId)))
    .where(eq(deals.userId, userId))
    .orderBy(desc(deals.createdAt), asc(deals.id));
  return rows.map(toView);
}

export async function getDeal(context: ServiceContext<"db">, userId: string, id: string): Promise<DealView | null> {
  const { db } = context;
  const row = await db
    .select(DEAL_COLUMNS)
    .from(deals)
    .leftJoin(properties, and(eq(properties.id, deals.propertyId), eq(properties.userId, userId)))
    .where(and(eq(deals.id, id), eq(deals.userId, userId)))
    .get();
  return row ? toView(row) : null;
}

/**
 * The user's properties that have no deal yet: the leads a deal can be created from, newest first. The "no deal"
 * filter runs in SQL before the cap, so a user with thousands of leads still sees the ones without a deal.
 */
export async function listLeadsWithoutDeal(context: ServiceContext<"db">, userId: string) {
  const { db } = context;
  return db
    .select({
      id: properties.id,
      address: properties.address,
      city: properties.city,
      state: properties.state,
      maxOffer: properties.maxOffer,
    })
    .from(properties)
    .where(
      and(
        eq(properties.userId, userId),
        notExists(
          db
            .select({ id: deals.id })
            .from(deals)
            .where(and(eq(deals.userId, userId), eq(deals.propertyId, properties.id))),
        ),
      ),
    )
    .orderBy(desc(properties.createdAt))
    .limit(LEADS_WITHOUT_DEAL_CAP);
}

/** How many leads the "new deal" picker offers. */
export const LEADS_WITHOUT_DEAL_CAP = 500;

// ---------------------------------------------------------------------------------------------------------------
// Writing

export type Outcome = { ok: true; deal: DealView } | { ok: false; status: 404 | 409; message: string; field?: string };

export const DEAL_NOT_FOUND = "Deal not found";
export const DEAL_EXISTS = "This property already has a deal";

/**
 * Creates a deal from one of the user's properties. The value defaults to the property's max offer (the price the
 * wholesaler means to contract at); a property has at most one deal. A deal created straight into closing gets
 * today as its close date.
 */
export async function createDeal(context: ServiceContext<"db" | "now">, userId: string, input: CreateDealInput): Promise<Outcome> {
  const { db } = context;
  const now = context.now();
  const property = await db
    .select({ id: properties.id, maxOffer: properties.maxOffer })
    .from(properties)
    .where(and(eq(properties.id, input.propertyId), eq(properties.userId, userId)))
    .get();
  if (!property) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND, field: "propertyId" };
  const existing = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.propertyId, property.id), eq(deals.userId, userId)))
    .get();
  if (existing) return { ok: false, status: 409, message: DEAL_EXISTS, field: "propertyId" };
  const stage = input.stage ?? "lead_generation";
  const id = crypto.randomUUID();
  await db.insert(deals).values({
    id,
    userId,
    propertyId: property.id,
    stage,
    dealValue: input.dealValue ?? property.maxOffer ?? null,
    closeDate: stage === "closing" ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  return { ok: true, deal: (await getDeal(context, userId, id))! };
}

/**
 * Changes a deal's stage, value, close date or notes. Moving a deal into closing without a close date sets it to now,
 * so "Closed This Month" and the revenue chart see it.
 */
export async function updateDeal(
  context: ServiceContext<"db" | "now">,
  userId: string,
  id: string,
  input: UpdateDealInput,
): Promise<Outcome> {
  const { db } = context;
  const now = context.now();
  const current = await db
    .select({ id: deals.id, stage: deals.stage, closeDate: deals.closeDate })
    .from(deals)
    .where(and(eq(deals.id, id), eq(deals.userId, userId)))
    .get();
  if (!current) return { ok: false, status: 404, message: DEAL_NOT_FOUND };
  const changes: Partial<typeof deals.$inferInsert> = { updatedAt: now };
  if (input.stage !== undefined) changes.stage = input.stage;
  if (input.dealValue !== undefined) changes.dealValue = input.dealValue;
  if (input.notes !== undefined) changes.notes = input.notes;
  if (input.closeDate !== undefined)
    changes.closeDate =
      input.closeDate === null ? null : new Date(input.closeDate.length === 10 ? `${input.closeDate}T12:00:00Z` : input.closeDate);
  else if (input.stage === "closing" && current.stage !== "closing" && !current.closeDate) changes.closeDate = now;
  await db
    .update(deals)
    .set(changes)
    .where(and(eq(deals.id, id), eq(deals.userId, userId)));
  return { ok: true, deal: (await getDeal(context, userId, id))! };
}
