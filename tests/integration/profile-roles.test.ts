// Profile is every member's own page, but two of its tabs change the workspace: the deal rule (every offer's numbers)
// and the company profile (the name and address on every letter). Only the roles that may do that work save them.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { companyProfiles, users } from "#db/schema.ts";
import { action as profileAction } from "#app/routes/profile.tsx";

import { ApiClient, registerClient, signedIn, type Handler } from "./api-client.ts";
import { db } from "./offers-setup.ts";
import { joinByInvitation } from "./team-fixture.ts";

async function joinAs(owner: ApiClient, role: string) {
  const person = await registerClient("profile-role", {}, new ApiClient(owner.context));
  await joinByInvitation(owner, person, role);
  return person.client;
}

const RULE = { intent: "deals", aggressivePct: "55", fairPct: "65", likelyPct: "75", repairRatePct: "10", assignmentFee: "9000" };
const COMPANY = {
  intent: "company",
  companyName: "Forced Buyers LLC",
  addressStreet1: "1 Forced Way",
  addressCity: "Phoenix",
  addressState: "AZ",
  addressPostalCode: "85001",
};

const save = (client: ApiClient, form: Record<string, string>) => client.send(profileAction as Handler, "POST", "/profile", { form });

describe("Profile tabs that change the workspace", () => {
  it("refuses the deal rule to callers and dispo, the company profile to every role but owner, writing nothing", async () => {
    const owner = await signedIn({ prefix: "profile-owner" });
    const workspaceId = owner.userId;
    const rows = async () => ({
      rules: await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, workspaceId)),
      company: await db.select().from(companyProfiles).where(eq(companyProfiles.userId, workspaceId)),
    });
    const before = await rows();
    for (const role of ["caller", "dispo"]) {
      const member = await joinAs(owner.client, role);
      const refused = await save(member, RULE);
      expect(refused.status, role).toBe(403);
      expect(JSON.stringify(await refused.json())).toContain("cannot use offers, mailing and sequences");
    }
    for (const role of ["caller", "dispo", "acquisitions"]) {
      const member = await joinAs(owner.client, role);
      const refused = await save(member, COMPANY);
      expect(refused.status, role).toBe(403);
      expect(JSON.stringify(await refused.json())).toContain("ask the workspace's owner");
    }
    expect(await rows()).toEqual(before);

    const acquisitions = await joinAs(owner.client, "acquisitions");
    expect((await save(acquisitions, RULE)).status).toBe(302);
    expect((await save(owner.client, COMPANY)).status).toBe(302);
    const after = await rows();
    expect(after.rules[0]?.preferences).toMatchObject({ dealRule: { fairPct: 65, assignmentFee: 9000 } });
    expect(after.company[0]?.companyName).toBe("Forced Buyers LLC");
  });
});
