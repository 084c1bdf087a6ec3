// One strict money reading wherever a user types an amount: repairs and fee never below $0 (the value checked is the
// value stored, so the stored max offer stays within the 70 % rule), an ARV of at least $1,000, and the Profile spend cap,
// deal values and buyer leads refusing "12,34" and "1 000" instead of reading them as $1,234 and $1,000.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { properties, usageBudgets } from "#db/schema.ts";
import { action as createDeal } from "#app/routes/api.deals.ts";
import { action as patchRoute } from "#app/routes/api.properties.$id.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { action as profileAction } from "#app/routes/profile.tsx";

import type { Handler } from "./api-client.ts";
import { confirmBody, db, withProperty } from "./offers-setup.ts";

const patch = (client: Awaited<ReturnType<typeof withProperty>>["client"], id: string, body: Record<string, unknown>) =>
  client.call(patchRoute, "PATCH", `/api/properties/${id}`, body, { params: { id } });

async function rowOf(id: string) {
  return (await db.select().from(properties).where(eq(properties.id, id)))[0]!;
}

describe("deal numbers", () => {
  it("answers 400 to a negative repair estimate or fee, however small, and an ARV under $1,000, and stores nothing", async () => {
    const { client, propertyId } = await withProperty({ arv: 200_000 });
    const before = await rowOf(propertyId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ repairEstimate: -0.5 }, "repairEstimate", "Repair estimate cannot be negative"],
      [{ assignmentFee: -0.4 }, "assignmentFee", "Assignment fee cannot be negative"],
      [{ repairEstimate: "-0.01" }, "repairEstimate", "Repair estimate cannot be negative"],
      [{ arv: 0.5 }, "arv", "ARV must be at least $1,000"],
      [{ arv: 999 }, "arv", "ARV must be at least $1,000"],
      [{ analysisArv: "999.49" }, "analysisArv", "Analysis ARV must be at least $1,000"],
      [{ arv: "1 000" }, "arv", "ARV must be a number"],
      [{ assignmentFee: "12,34" }, "assignmentFee", "Assignment fee must be a number"],
    ];
    const answers = await Promise.all(cases.map(([body]) => patch(client, propertyId, body)));
    answers.forEach((answer, i) => {
      const [, field, message] = cases[i]!;
      expect(answer.status, JSON.stringify(cases[i])).toBe(400);
      expect((answer.body.errors as Record<string, string[]>)[field]).toEqual([message]);
    });
    const after = await rowOf(propertyId);
    expect(after).toEqual(before);
  });

  it("stores the amount it checked: a fee of $0.004 is $0, and the stored max offer stays within the 70 % rule", async () => {
    const { client, propertyId } = await withProperty({ arv: 200_000 });
    const answer = await patch(client, propertyId, { repairEstimate: 0.004, assignmentFee: "0" });
    expect(answer.status).toBe(200);
    const row = await rowOf(propertyId);
    expect(row).toMatchObject({ repairEstimate: 0, assignmentFee: 0, ruleMaxOffer: 140_000 });
  });

  it("confirm-offer refuses an ARV under $1,000 (every tier would be a few dollars)", async () => {
    const { client, propertyId } = await withProperty({ arv: 200_000 });
    const answer = await client.call(confirmRoute, "POST", "/api/properties/confirm-offer", confirmBody(propertyId, { arv: 500 }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({ arv: ["ARV must be at least $1,000"] });
  });
});

describe("amounts outside the deal numbers", () => {
  it("Profile's spend cap refuses 12,34 and 1 000 (400) and keeps the cap; 1,000 is read as $1,000", async () => {
    const { client, userId } = await withProperty();
    const post = (monthlyCap: string) =>
      client.send(profileAction as Handler, "POST", "/profile", { form: { intent: "usage", monthlyCap } });
    const answers = await Promise.all([post("12,34"), post("1 000"), post("-5"), post("1e3")]);
    for (const answer of answers) expect(answer.status).toBe(400);
    expect(await db.select().from(usageBudgets).where(eq(usageBudgets.userId, userId))).toEqual([]);
    expect((await post("1,000")).status).toBe(302);
    expect((await db.select().from(usageBudgets).where(eq(usageBudgets.userId, userId)))[0]!.monthlyCapCents).toBe(100_000);
  });

  it("a deal value refuses 12,34 and 1 000 with 400", async () => {
    const { client, propertyId } = await withProperty();
    for (const dealValue of ["12,34", "1 000", "-0.5"]) {
      const answer = await client.call(createDeal, "POST", "/api/deals", { propertyId, dealValue });
      expect(answer.status, dealValue).toBe(400);
    }
  });
});
