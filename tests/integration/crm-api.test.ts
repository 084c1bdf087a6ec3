// CRM: the /api/properties and /api/contacts calls.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contacts, properties } from "#db/schema.ts";
import { seedDemoCrm } from "#db/seed/demo/crm.ts";
import { loader as listContactsRoute } from "#app/routes/api.contacts.ts";
import { loader as getRoute, action as patchRoute } from "#app/routes/api.properties.$id.ts";
import { action as createRoute, loader as listRoute } from "#app/routes/api.properties.ts";

import { ApiClient, signedIn } from "./api-client.ts";
import { db, LEAD } from "./crm-setup.ts";

describe("GET and POST /api/properties", () => {
  it("answers 401 without a session", async () => {
    const anonymous = new ApiClient();
    expect((await anonymous.call(listRoute, "GET", "/api/properties")).status).toBe(401);
    // The session comes first: a bad query from a signed-out caller is a 401 too, with the same message.
    const badSignedOut = await anonymous.call(listRoute, "GET", "/api/properties?limit=501");
    expect(badSignedOut.status).toBe(401);
    expect(badSignedOut.body.message).toBe("Authentication required. Please log in again.");
    const post = await anonymous.call(createRoute, "POST", "/api/properties", LEAD);
    expect(post.status).toBe(401);
    expect(post.body.message).toBe("Authentication required. Please log in again.");
    expect((await anonymous.call(listContactsRoute, "GET", "/api/contacts")).status).toBe(401);
  });

  it("creates a property from the workbench's fields and lists it, newest first, for its owner only", async () => {
    const { client, userId } = await signedIn({ prefix: "crm" });
    const created = await client.call(createRoute, "POST", "/api/properties", {
      ...LEAD,
      bedrooms: 3,
      bathrooms: "2",
      squareFeet: 1540,
      yearBuilt: 1962,
      arv: "415000",
      maxOffer: "290500",
      equityPercentage: 48,
      equityBalance: "199200",
      confidenceScore: 82,
      lastSalePrice: "212000",
      lastSaleDate: "2012-06-14",
      ownerName: "Sample Owner",
      ownerPhone: "(602) 555-0141",
      ownerEmail: "Owner@Example.com",
      ownerDncPhone: "602-555-0142",
      status: "analyzed",
      currentAgent: "deal_analyzer",
      analysisArv: "410000",
      unknownField: "ignored",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, id: expect.any(String) });
    expect(created.body.property).toMatchObject({
      arv: 415000,
      // 70 % of the ARV sent with it is the spec's estimate before any valuation, not an offer the user chose.
      maxOffer: null,
      bathrooms: 2,
      propertyType: "single_family",
      ownerPhone: "+16025550141",
      ownerEmail: "owner@example.com",
      status: "analyzed",
      analysisArv: 410000,
    });
    expect(created.body.property).not.toHaveProperty("userId");

    // An older lead goes after it.
    await db
      .insert(properties)
      .values({ userId, address: "1 Older Rd", city: "Mesa", state: "AZ", zipCode: "85201", createdAt: new Date(Date.now() - 86_400_000) });
    const list = await client.call(listRoute, "GET", "/api/properties");
    expect(list.status).toBe(200);
    const rows = list.body as unknown as { id: string; address: string }[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.map((row) => row.address)).toEqual(["4127 N 38th St", "1 Older Rd"]);

    const stranger = await signedIn({ prefix: "crm" });
    expect((await stranger.client.call(listRoute, "GET", "/api/properties")).body).toEqual([]);
  });

  it("makes a named owner the property's first contact, so New Message can reach them", async () => {
    const { client, userId } = await signedIn({ prefix: "crm" });
    const withOwner = await client.call(createRoute, "POST", "/api/properties", {
      ...LEAD,
      ownerName: " Maria Lopez ",
      ownerMobilePhone: "602-555-0143",
      ownerEmail: "maria@example.com",
    });
    await client.call(createRoute, "POST", "/api/properties", { ...LEAD, address: "1 No Owner Rd" });
    const listed = await client.call(listContactsRoute, "GET", "/api/contacts");
    expect(listed.body).toEqual([
      expect.objectContaining({ propertyId: withOwner.body.id, name: "Maria Lopez", phone: "+16025550143", email: "maria@example.com" }),
    ]);
    expect(await db.select().from(contacts).where(eq(contacts.userId, userId))).toHaveLength(1);
  });

  it("refuses the same address, city and state twice with 409 Already in CRM", async () => {
    const { client, userId } = await signedIn({ prefix: "crm" });
    const first = await client.call(createRoute, "POST", "/api/properties", LEAD);
    expect(first.status).toBe(201);
    const again = await client.call(createRoute, "POST", "/api/properties", {
      ...LEAD,
      address: " 4127 n 38th st ",
      city: "PHOENIX",
      state: "az",
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, message: "Already in CRM", id: first.body.id });
    expect(await db.select().from(properties).where(eq(properties.userId, userId))).toHaveLength(1);
    // Another user may hold the same address.
    expect((await (await signedIn({ prefix: "crm" })).client.call(createRoute, "POST", "/api/properties", LEAD)).status).toBe(201);
  });

  it("answers 400 with field messages for bad input and writes nothing", async () => {
    const { client, userId } = await signedIn({ prefix: "crm" });
    const answer = await client.call(createRoute, "POST", "/api/properties", {
      address: "x".repeat(201),
      city: "Phoenix",
      state: "Arizona",
      zipCode: "85018",
      bedrooms: 0,
      squareFeet: -10,
      yearBuilt: 1700,
      equityPercentage: 150,
      arv: "a lot",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toMatch(/^Validation error: /);
    expect(answer.body.errors).toMatchObject({
      address: ["Address must be at most 200 characters"],
      state: ["State must be 2 letters"],
      bedrooms: ["Bedrooms must be greater than 0"],
      squareFeet: ["Square feet must be greater than 0"],
      yearBuilt: ["Year built must be 1800 or later"],
      equityPercentage: ["Equity percentage must be between 0 and 100"],
      arv: ["ARV must be a number"],
    });
    expect(await db.select().from(properties).where(eq(properties.userId, userId))).toHaveLength(0);
  });
});

describe("GET /api/properties paging and filters", () => {
  type Row = { id: string; address: string; status: string; createdAt: string; ownerMailingAddress: unknown };

  /** 230 leads a minute apart (newest is number 229); every third one qualified, addresses in two cities. */
  async function withLeads() {
    const user = await signedIn({ prefix: "crm" });
    const start = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 230 }, (_, i) => ({
      userId: user.userId,
      address: `${i} Paging St`,
      city: i % 2 === 0 ? "Mesa" : "Tempe",
      state: "AZ",
      zipCode: "85201",
      status: i % 3 === 0 ? ("qualified" as const) : ("new" as const),
      createdAt: new Date(start + i * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 10) await db.insert(properties).values(rows.slice(i, i + 10));
    return user;
  }

  const nextOf = (answer: { headers: Headers }) => /^<([^>]+)>; rel="next"$/.exec(answer.headers.get("Link") ?? "")?.[1] ?? null;

  it("answers 100 leads, newest first, with the total and a link to the next page; the pages cover every lead once", async () => {
    const { client } = await withLeads();
    const first = await client.call(listRoute, "GET", "/api/properties");
    expect(first.status).toBe(200);
    const firstRows = first.body as unknown as Row[];
    expect(firstRows).toHaveLength(100);
    expect(firstRows[0].address).toBe("229 Paging St");
    expect(firstRows[99].address).toBe("130 Paging St");
    expect(first.headers.get("X-Total-Count")).toBe("230");
    // Property (CRM) items (the spec, docs/decisions/052-offers-as-form-posts.md): the analysis fields too, never what is stored only for the server.
    expect(firstRows[0]).toHaveProperty("ownerMailingAddress");
    expect(firstRows[0]).toHaveProperty("analysisArv");
    expect(firstRows[0]).not.toHaveProperty("userId");
    expect(firstRows[0]).not.toHaveProperty("offerPdfFilename");

    const seen = firstRows.map((row) => row.address);
    let next = nextOf(first);
    while (next) {
      const page = await client.call(listRoute, "GET", next);
      expect(page.status).toBe(200);
      seen.push(...(page.body as unknown as Row[]).map((row) => row.address));
      next = nextOf(page);
    }
    expect(seen).toEqual(Array.from({ length: 230 }, (_, i) => `${229 - i} Paging St`));
  });

  it("keeps its place when a lead is added between pages, and honours limit, status and q", async () => {
    const { client, userId } = await withLeads();
    const first = await client.call(listRoute, "GET", "/api/properties?limit=5");
    expect((first.body as unknown as Row[]).map((row) => row.address)).toEqual([
      "229 Paging St",
      "228 Paging St",
      "227 Paging St",
      "226 Paging St",
      "225 Paging St",
    ]);
    await db.insert(properties).values({ userId, address: "New Arrival", city: "Mesa", state: "AZ", zipCode: "85201" });
    const second = await client.call(listRoute, "GET", nextOf(first)!);
    expect((second.body as unknown as Row[])[0].address).toBe("224 Paging St");
    expect(nextOf(second)).toContain("limit=5");

    const qualified = await client.call(listRoute, "GET", "/api/properties?status=qualified&limit=500");
    const qualifiedRows = qualified.body as unknown as Row[];
    expect(qualifiedRows).toHaveLength(77);
    expect(qualifiedRows.every((row) => row.status === "qualified")).toBe(true);
    expect(qualified.headers.get("X-Total-Count")).toBe("77");
    expect(qualified.headers.get("Link")).toBeNull();

    const tempe = await client.call(listRoute, "GET", "/api/properties?q=temp&limit=500");
    expect(tempe.headers.get("X-Total-Count")).toBe("115");
    expect((tempe.body as unknown as Row[]).every((row) => Number.parseInt(row.address) % 2 === 1)).toBe(true);
  });

  it("answers 400 naming each bad parameter, and an empty list to another user", async () => {
    const { client } = await withLeads();
    const bad = await client.call(listRoute, "GET", "/api/properties?limit=501&cursor=not-ours&status=sold&q=" + "x".repeat(201));
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.errors).toEqual({
      limit: ["limit must be at most 500"],
      cursor: ["cursor is not valid"],
      status: ["status must be one of all, new, contacted, qualified, under_contract, closed"],
      q: ["q must be at most 200 characters"],
    });
    expect((await client.call(listRoute, "GET", "/api/properties?limit=0")).status).toBe(400);
    expect((await client.call(listRoute, "GET", "/api/properties?limit=2.5")).body.errors).toEqual({
      limit: ["limit must be a whole number"],
    });

    // Another user's cursor-shaped value pages nothing of theirs: the user filter comes first.
    const page = await client.call(listRoute, "GET", "/api/properties?limit=1");
    const stranger = await signedIn({ prefix: "crm" });
    const foreign = await stranger.client.call(listRoute, "GET", nextOf(page)!);
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual([]);
    expect(foreign.headers.get("X-Total-Count")).toBe("0");
  });
});

describe("GET and PATCH /api/properties/{id}", () => {
  it("reads and updates the owner's property, and answers 404 for a foreign or unknown id", async () => {
    const owner = await signedIn({ prefix: "crm" });
    const created = await owner.client.call(createRoute, "POST", "/api/properties", LEAD);
    const id = String(created.body.id);

    const read = await owner.client.call(getRoute, "GET", `/api/properties/${id}`, undefined, { params: { id } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, address: LEAD.address, status: "new" });

    for (const body of [{ analysisArv: "310000" }, { maxOffer: "217000" }, { status: "offer_produced" }]) {
      const patched = await owner.client.call(patchRoute, "PATCH", `/api/properties/${id}`, body, { params: { id } });
      expect(patched.status).toBe(200);
      expect(patched.body.success).toBe(true);
    }
    const row = await db.select().from(properties).where(eq(properties.id, id)).get();
    expect(row).toMatchObject({ analysisArv: 310000, maxOffer: 217000, status: "offer_produced" });

    const stranger = await signedIn({ prefix: "crm" });
    expect((await stranger.client.call(getRoute, "GET", `/api/properties/${id}`, undefined, { params: { id } })).status).toBe(404);
    const foreignPatch = await stranger.client.call(patchRoute, "PATCH", `/api/properties/${id}`, { status: "closed" }, { params: { id } });
    expect(foreignPatch.status).toBe(404);
    expect(foreignPatch.body).toEqual({ success: false, message: "Property not found" });
    expect((await db.select().from(properties).where(eq(properties.id, id)).get())?.status).toBe("offer_produced");
    expect((await owner.client.call(getRoute, "GET", "/api/properties/nope", undefined, { params: { id: "nope" } })).status).toBe(404);
  });

  it("refuses an empty or invalid patch, and an address that is already in the CRM", async () => {
    const { client } = await signedIn({ prefix: "crm" });
    const a = await client.call(createRoute, "POST", "/api/properties", LEAD);
    await client.call(createRoute, "POST", "/api/properties", { ...LEAD, address: "9 Other St" });
    const id = String(a.body.id);
    const empty = await client.call(patchRoute, "PATCH", `/api/properties/${id}`, {}, { params: { id } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ form: ["Nothing to update"] });
    const bad = await client.call(patchRoute, "PATCH", `/api/properties/${id}`, { status: "sold", bedrooms: -1 }, { params: { id } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(["bedrooms", "status"]);
    const clash = await client.call(patchRoute, "PATCH", `/api/properties/${id}`, { address: "9 other st" }, { params: { id } });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe("Already in CRM");
    expect((await db.select().from(properties).where(eq(properties.id, id)).get())?.address).toBe(LEAD.address);
    const wrongMethod = await client.call(patchRoute, "DELETE", `/api/properties/${id}`, undefined, { params: { id } });
    expect(wrongMethod.status).toBe(405);
  });
});

describe("GET /api/contacts", () => {
  it("lists only the user's contacts with their property", async () => {
    const { client, userId } = await signedIn({ prefix: "crm" });
    const ids = await seedDemoCrm(db, userId);
    const answer = await client.call(listContactsRoute, "GET", "/api/contacts");
    expect(answer.status).toBe(200);
    const list = answer.body as unknown as { propertyId: string; name: string }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const contact of list) expect(ids).toContain(contact.propertyId);
    expect((await (await signedIn({ prefix: "crm" })).client.call(listContactsRoute, "GET", "/api/contacts")).body).toEqual([]);
  });
});
