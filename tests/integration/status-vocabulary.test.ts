/**
 * One status vocabulary: every status a lead can reach is found under exactly one of the CRM's five filters (and the
 * same grouping shows on the Pipeline's and Documents' cards and in the Dashboard's Active Leads), and a lead whose
 * offer is mailed gets its deal in Negotiation, in the mailing's batch, unless it has one.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { PROPERTY_STATUSES } from "#db/enums.ts";
import { deals, properties } from "#db/schema.ts";
import { STATUS_GROUPING_TEXT, STATUS_GROUPS, statusGroupOf, statusWithGroup } from "#app/domain/leads/status-groups.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { getSession } from "#app/services/accounts/auth.server.ts";
import { load as loadDashboard } from "#app/services/dashboard/dashboard-section.server.ts";
import { load as loadPipeline } from "#app/services/deals/pipeline-section.server.ts";
import { load as loadDocuments } from "#app/services/documents/documents-section.server.ts";

import { signedIn } from "./api-client.ts";
import { loadCrm } from "./crm-setup.ts";
import { confirmed, db, mailBody } from "./offers-setup.ts";

const crmUrl = (status: string) => new URL(`http://x/?section=crm${status === "all" ? "" : `&status=${status}`}`);

describe("the status vocabulary", () => {
  it("finds a lead of every status under exactly one CRM filter, the one statusGroupOf names, and says the grouping", async () => {
    const { client, userId, session } = await signedIn({ prefix: "vocab", session: true });
    await db
      .insert(properties)
      .values(
        PROPERTY_STATUSES.map((status) => ({ userId, address: `1 ${status} St`, city: "Phoenix", state: "AZ", zipCode: "85019", status })),
      );
    const found = new Map<string, string[]>();
    for (const group of STATUS_GROUPS) {
      const page = await loadCrm(client.context, session, crmUrl(group));
      for (const lead of page.leads) found.set(lead.status, [...(found.get(lead.status) ?? []), group]);
      // The count of what the filter matches agrees with the rows it lists.
      expect(page.matching).toBe(page.leads.length);
    }
    expect(Object.fromEntries(found)).toEqual(Object.fromEntries(PROPERTY_STATUSES.map((status) => [status, [statusGroupOf(status)]])));
    expect(Object.fromEntries(found)).toMatchObject({
      analyzed: ["new"],
      offer_produced: ["new"],
      offer_sent: ["contacted"],
      qualified: ["qualified"],
      under_contract: ["under_contract"],
    });
    // The spec's figures stay exact: Qualified and Under Contract count those statuses.
    const all = await loadCrm(client.context, session, crmUrl("all"));
    expect(all.figures).toEqual({ totalLeads: PROPERTY_STATUSES.length, qualified: 1, underContract: 1 });
    expect(STATUS_GROUPING_TEXT).toBe("New includes Analyzed and Offer Produced; Contacted includes Offer Sent.");
    expect(statusWithGroup("offer_sent")).toBe("Offer Sent · Contacted");
    expect(statusWithGroup("contacted")).toBe("Contacted");

    // The Dashboard's Active Leads: every lead not in Closed.
    const dashboard = await loadDashboard(client.context, session, new URL("http://x/?section=dashboard"));
    const active = dashboard.kpis.find((kpi) => kpi.key === "activeLeads");
    expect(active?.value).toBe(PROPERTY_STATUSES.length - 1);
  });
});

describe("a mailed offer's deal", () => {
  it("is created in Negotiation with the mailing, valued at the lead's max offer, shown on the Pipeline with its lead's status; the letter reads Mailed", async () => {
    const { client, propertyId, pdfUrl, userId, documentId } = await confirmed();
    const before = await loadDocuments(client.context, await sessionOf(client), new URL("http://x/?section=documents"));
    expect(before.documents.find((document) => document.id === documentId)).toMatchObject({ stage: "draft", stageLabel: "Draft" });

    const answer = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(answer.status).toBe(200);
    const [property] = await db.select().from(properties).where(eq(properties.id, propertyId));
    const rows = await db
      .select()
      .from(deals)
      .where(and(eq(deals.userId, userId), eq(deals.propertyId, propertyId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stage: "negotiation", dealValue: property.maxOffer });

    const session = await sessionOf(client);
    const pipeline = await loadPipeline(client.context, session, new URL("http://x/?section=pipeline"));
    expect(pipeline.deals.map((deal) => [deal.stage, deal.property?.status])).toEqual([["negotiation", "offer_sent"]]);
    const documents = await loadDocuments(client.context, session, new URL("http://x/?section=documents"));
    expect(documents.documents.find((document) => document.id === documentId)).toMatchObject({
      stage: "mailed",
      stageLabel: "Mailed",
      leadStatus: "offer_sent",
    });
  });

  it("leaves a deal the lead already has where the user put it, and writes no second one", async () => {
    const { client, propertyId, pdfUrl, userId } = await confirmed();
    await db.insert(deals).values({ userId, propertyId, stage: "analysis", dealValue: 123_000 });
    const answer = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(answer.status).toBe(200);
    const rows = await db.select().from(deals).where(eq(deals.propertyId, propertyId));
    expect(rows.map((deal) => [deal.stage, deal.dealValue])).toEqual([["analysis", 123_000]]);
  });

  it("is not created when the mailing fails (nothing recorded, no deal)", async () => {
    const { client, propertyId, pdfUrl } = await confirmed();
    const refused = await client.call(
      mailRoute,
      "POST",
      "/api/properties/mail-offer",
      mailBody(propertyId, pdfUrl, { recipientAddress: "1 Nowhere Rd, Tucson, AZ 85701" }),
    );
    expect(refused.status).toBe(422);
    expect(await db.select().from(deals).where(eq(deals.propertyId, propertyId))).toEqual([]);
  });
});

async function sessionOf(client: Awaited<ReturnType<typeof confirmed>>["client"]) {
  const session = await getSession(client.request("GET", "/"), client.context);
  expect(session).not.toBeNull();
  return session!;
}
