// CRM: the Add Lead form, the CSV export, the section loader, and its figures, filter and search as SQL runs them.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contacts, properties } from "#db/schema.ts";
import { seedDemoCrm } from "#db/seed/demo/crm.ts";
import { loader as listRoute } from "#app/routes/api.properties.ts";
import { loader as exportCsv } from "#app/routes/crm.export[.csv].ts";
import { action as addLead, loader as addLeadPage } from "#app/routes/crm.leads.tsx";
import { TOAST_COOKIE } from "#app/services/http/toast.server.ts";

import { ApiClient, signedIn } from "./api-client.ts";
import { db, LEAD, loadCrm } from "./crm-setup.ts";

describe("Add Lead form (/crm/leads)", () => {
  it("stores a valid lead and goes back to the CRM with a toast", async () => {
    const { client, userId } = await signedIn({ prefix: "crm", session: true });
    const response = await client.send(addLead, "POST", "/crm/leads", {
      form: {
        ...LEAD,
        bedrooms: "3",
        bathrooms: "2",
        arv: "415000",
        maxOffer: "",
        ownerName: "Sample Owner",
        leadType: "preforeclosure",
        status: "contacted",
      },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/?section=crm");
    expect(response.headers.get("Set-Cookie")).toContain(`${TOAST_COOKIE}=`);
    const row = await db.select().from(properties).where(eq(properties.userId, userId)).get();
    expect(row).toMatchObject({
      address: LEAD.address,
      bedrooms: 3,
      arv: 415000,
      maxOffer: null,
      leadType: "preforeclosure",
      status: "contacted",
    });
  });

  it("answers field errors and writes nothing; a duplicate reads Already in CRM", async () => {
    const { client, userId } = await signedIn({ prefix: "crm", session: true });
    const invalid = await client.send(addLead, "POST", "/crm/leads", {
      form: { address: "", city: "Phoenix", state: "A", zipCode: "1", bedrooms: "0" },
    });
    expect(invalid.status).toBe(400);
    const { result } = (await invalid.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error).toMatchObject({
      address: ["Address is required"],
      state: ["State must be 2 letters"],
      zipCode: ["ZIP code must be 5 digits"],
      bedrooms: ["Bedrooms must be greater than 0"],
    });
    expect(await db.select().from(properties).where(eq(properties.userId, userId))).toHaveLength(0);

    expect((await client.send(addLead, "POST", "/crm/leads", { form: LEAD })).status).toBe(302);
    const duplicate = await client.send(addLead, "POST", "/crm/leads", { form: LEAD });
    expect(duplicate.status).toBe(409);
    const body = (await duplicate.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.address).toEqual(["Already in CRM"]);
    expect(await db.select().from(properties).where(eq(properties.userId, userId))).toHaveLength(1);
  });

  it("sends a signed-out visitor to sign in, and shows the form page to a signed-in one", async () => {
    const anonymous = new ApiClient();
    const response = await anonymous.send(addLead, "POST", "/crm/leads", { form: LEAD });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?next=/);
    const { client } = await signedIn({ prefix: "crm", session: true });
    expect(await client.load(addLeadPage, "/crm/leads")).toBeNull();
  });
});

describe("CSV export (/crm/export.csv)", () => {
  it("downloads the filtered leads with every CRM and owner column", async () => {
    const { client, userId } = await signedIn({ prefix: "crm", session: true });
    await seedDemoCrm(db, userId);
    const all = await client.call(exportCsv, "GET", "/crm/export.csv");
    expect(all.status).toBe(200);
    expect(all.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(all.headers.get("Content-Disposition")).toMatch(/^attachment; filename="breeze-leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = String(all.body.text).trimEnd().split("\r\n");
    expect(lines[0]).toContain("Address,City,State,ZIP Code");
    expect(lines[0]).toContain("Owner Name,Owner Phone,Owner Email,Owner Mailing Address");
    expect(lines).toHaveLength(13);

    const qualified = await client.call(exportCsv, "GET", "/crm/export.csv?status=qualified&q=atlanta");
    const rows = String(qualified.body.text).trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("689 Lawton Ave SW,Atlanta,GA");
    expect(qualified.headers.get("Content-Disposition")).toContain("breeze-leads-qualified-");
  });
});

describe("the CRM section loader", () => {
  it("filters by status and search, keeps figures over all leads, and opens only the user's own lead", async () => {
    const { client, userId, session } = await signedIn({ prefix: "crm", session: true });
    const ids = await seedDemoCrm(db, userId);
    const all = await loadCrm(client.context, session, new URL("http://x/?section=crm"));
    expect(all.figures).toEqual({ totalLeads: 12, qualified: 2, underContract: 2 });
    expect(all.leads).toHaveLength(12);
    expect(all.leads[0].address).toBe("4127 N 38th St");
    expect(all.selected).toBeNull();

    const filtered = await loadCrm(client.context, session, new URL("http://x/?section=crm&status=new&q=PHOE"));
    expect(filtered.leads.map((lead) => lead.address)).toEqual(["4127 N 38th St"]);
    expect(filtered.figures.totalLeads).toBe(12);
    expect(filtered.filter).toEqual({ status: "new", q: "PHOE" });

    const literal = await loadCrm(client.context, session, new URL("http://x/?section=crm&q=%25"));
    expect(literal.leads).toHaveLength(0);

    const paged = await loadCrm(client.context, session, new URL("http://x/?section=crm&limit=5"));
    expect(paged.leads).toHaveLength(5);
    expect(paged.matching).toBe(12);

    const opened = await loadCrm(client.context, session, new URL(`http://x/?section=crm&lead=${ids[1]}&add=1`));
    expect(opened.selected?.property.id).toBe(ids[1]);
    expect(opened.selected?.contacts).toHaveLength(1);
    expect(opened.adding).toBe(true);

    const stranger = await signedIn({ prefix: "crm", session: true });
    const foreign = await loadCrm(stranger.client.context, stranger.session, new URL(`http://x/?section=crm&lead=${ids[1]}`));
    expect(foreign.selected).toBeNull();
    expect(foreign.selectedMissing).toBe(true);
    expect(foreign.leads).toEqual([]);
    expect(await db.select().from(contacts).where(eq(contacts.userId, stranger.userId))).toHaveLength(0);
  });
});

describe("the CRM's figures, status filter and search, as SQL runs them", () => {
  /** Seven leads, each status once or twice, with `%` and `_` in two addresses; newest is the first one listed. */
  async function withMixedLeads() {
    const user = await signedIn({ prefix: "crm", session: true });
    const start = Date.UTC(2026, 2, 1);
    const leads = [
      { address: "100 Main St", city: "Phoenix", status: "new" },
      { address: "12 Oak_Lane", city: "Mesa", status: "qualified" },
      { address: "7 Elm St", city: "Tempe", status: "under_contract" },
      { address: "9 Fully 100% Way", city: "Scottsdale", status: "qualified" },
      { address: "3 Pine Ct", city: "Phoenix", status: "closed" },
      { address: "8 Sage Dr", city: "Gilbert", status: "offer_sent" },
      { address: "5 Main Street", city: "Chandler", status: "contacted" },
    ] as const;
    await db
      .insert(properties)
      .values(
        leads.map((lead, i) => ({ ...lead, userId: user.userId, state: "AZ", zipCode: "85001", createdAt: new Date(start - i * 60_000) })),
      );
    const crm = async (query: string) =>
      (await loadCrm(user.client.context, user.session, new URL(`http://x/?section=crm${query}`))).leads.map((lead) => lead.address);
    const api = async (query: string) =>
      ((await user.client.call(listRoute, "GET", `/api/properties?limit=500${query}`)).body as unknown as { address: string }[]).map(
        (lead) => lead.address,
      );
    return { ...user, crm, api };
  }

  it("counts every lead for Total Leads, and only qualified and under-contract leads for the other two", async () => {
    const { client, session, userId } = await withMixedLeads();
    const all = await loadCrm(client.context, session, new URL("http://x/?section=crm"));
    expect(all.figures).toEqual({ totalLeads: 7, qualified: 2, underContract: 1 });
    // The figures describe all leads, whatever the table shows.
    const filtered = await loadCrm(client.context, session, new URL("http://x/?section=crm&status=closed&q=pine"));
    expect(filtered.leads.map((lead) => lead.address)).toEqual(["3 Pine Ct"]);
    expect(filtered.figures).toEqual({ totalLeads: 7, qualified: 2, underContract: 1 });
    // Another user's leads count for nothing here, and an empty CRM reads zero.
    await db
      .insert(properties)
      .values({ userId, address: "1 Extra Rd", city: "Mesa", state: "AZ", zipCode: "85001", status: "under_contract" });
    const stranger = await signedIn({ prefix: "crm", session: true });
    expect((await loadCrm(stranger.client.context, stranger.session, new URL("http://x/?section=crm"))).figures).toEqual({
      totalLeads: 0,
      qualified: 0,
      underContract: 0,
    });
    expect((await loadCrm(client.context, session, new URL("http://x/?section=crm"))).figures).toEqual({
      totalLeads: 8,
      qualified: 2,
      underContract: 2,
    });
  });

  it("filters by each status, and shows every lead for All Leads or an unknown status", async () => {
    const { crm, api } = await withMixedLeads();
    for (const show of [crm, api]) {
      expect(await show("&status=qualified")).toEqual(["12 Oak_Lane", "9 Fully 100% Way"]);
      expect(await show("&status=under_contract")).toEqual(["7 Elm St"]);
      // A mailed offer is contact: Offer Sent is found under Contacted.
      expect(await show("&status=contacted")).toEqual(["8 Sage Dr", "5 Main Street"]);
      expect(await show("&status=all")).toHaveLength(7);
    }
    expect(await crm("&status=sold")).toHaveLength(7);
  });

  it("searches address and city without regard to case, together with the status filter", async () => {
    const { crm, api } = await withMixedLeads();
    for (const show of [crm, api]) {
      expect(await show("&q=MAIN")).toEqual(["100 Main St", "5 Main Street"]);
      expect(await show("&q=phoenix")).toEqual(["100 Main St", "3 Pine Ct"]);
      expect(await show("&q=sCoTtS")).toEqual(["9 Fully 100% Way"]);
      expect(await show("&q=%20%20tempe%20")).toEqual(["7 Elm St"]);
      expect(await show("&q=nowhere")).toEqual([]);
      expect(await show("&status=qualified&q=mesa")).toEqual(["12 Oak_Lane"]);
      expect(await show("&status=new&q=mesa")).toEqual([]);
    }
  });

  it("takes % and _ in the search literally, not as wildcards", async () => {
    const { crm, api } = await withMixedLeads();
    for (const show of [crm, api]) {
      expect(await show(`&q=${encodeURIComponent("%")}`)).toEqual(["9 Fully 100% Way"]);
      expect(await show(`&q=${encodeURIComponent("0%_W")}`)).toEqual([]);
      expect(await show(`&q=${encodeURIComponent("100% w")}`)).toEqual(["9 Fully 100% Way"]);
      expect(await show(`&q=${encodeURIComponent("_")}`)).toEqual(["12 Oak_Lane"]);
      expect(await show(`&q=${encodeURIComponent("k_l")}`)).toEqual(["12 Oak_Lane"]);
      expect(await show(`&q=${encodeURIComponent("m_in")}`)).toEqual([]);
      expect(await show(`&q=${encodeURIComponent("\\")}`)).toEqual([]);
    }
  });
});
