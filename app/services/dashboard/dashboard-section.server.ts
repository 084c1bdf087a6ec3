import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { conversations, deals, properties } from "#db/schema.ts";
import { dashboardFigures, dashboardPeriodOf, type DashboardPeriod } from "#app/domain/dashboard/figures.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import type { SectionLoader } from "#app/services/shell/section-loaders.ts";
import { readUsage } from "#app/services/usage/ledger.server.ts";

import { loadDispoFigures } from "./dispo-figures.server.ts";

/** The rows the dashboard's figures are computed from: the user's deals, properties and conversations only. */
async function dashboardInputs(context: ServiceContext<"db">, userId: string, also?: BatchItem<"sqlite">) {
  const { db } = context;
  const reads = [
    db
      .select({
        id: deals.id,
        stage: deals.stage,
        dealValue: deals.dealValue,
        closeDate: deals.closeDate,
        createdAt: deals.createdAt,
        updatedAt: deals.updatedAt,
        address: properties.address,
      })
      .from(deals)
      .leftJoin(properties, and(eq(properties.id, deals.propertyId), eq(properties.userId, userId)))
      .where(eq(deals.userId, userId)),
    db
      .select({ id: properties.id, status: properties.status, createdAt: properties.createdAt, address: properties.address })
      .from(properties)
      .where(eq(properties.userId, userId)),
    db
      .select({ id: conversations.id, title: conversations.title, createdAt: conversations.createdAt })
      .from(conversations)
      .where(eq(conversations.userId, userId)),
  ] as const;
  // With a write to land alongside (an export's activity entry), one batch; else the three reads side by side.
  const [dealRows, propertyRows, conversationRows] = also
    ? await db
        .batch([also, ...reads])
        .then(([, ...rows]) => rows as [Awaited<(typeof reads)[0]>, Awaited<(typeof reads)[1]>, Awaited<(typeof reads)[2]>])
    : await Promise.all(reads);
  return {
    deals: dealRows.map((deal) => ({
      ...deal,
      closeDate: deal.closeDate?.toISOString() ?? null,
      createdAt: deal.createdAt.toISOString(),
      updatedAt: deal.updatedAt.toISOString(),
    })),
    properties: propertyRows.map((property) => ({ ...property, createdAt: property.createdAt.toISOString() })),
    conversations: conversationRows.map((conversation) => ({ ...conversation, createdAt: conversation.createdAt.toISOString() })),
  };
}

/** The dashboard's figures for a period, as of the context's clock (shared by the section and the CSV export). */
export async function loadDashboardFigures(
  context: ServiceContext<"db" | "now">,
  userId: string,
  period: DashboardPeriod,
  also?: BatchItem<"sqlite">,
) {
  const now = context.now();
  return { now: now.toISOString(), ...dashboardFigures(await dashboardInputs(context, userId, also), period, now) };
}

export const load = (async (context, session, url) => {
  const [figures, usage, loop] = await Promise.all([
    loadDashboardFigures(context, session.workspaceId, dashboardPeriodOf(url.searchParams.get("period"))),
    readUsage(context, session.workspaceId),
    loadDispoFigures(context, session.workspaceId),
  ]);
  return { ...figures, usage, loop };
}) satisfies SectionLoader<unknown>;
