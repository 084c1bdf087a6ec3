// Usage limits per member: an owner sets, on /team, at most so many of each paid action a member may start a day and
// a month (whole numbers, blank for none, owners only). The member's limit is counted in the same statement as the
// workspace's counters: under parallel letters exactly K pass, the rest are refused 429 naming the member's limit;
// another member is unaffected, and the workspace's own limits still hold.
import { beforeAll, describe, expect, it } from "vitest";

import * as team from "#app/routes/team.tsx";

import { registerClient, toastOf, type ApiClient } from "./api-client.ts";
import { seedMarket } from "./lead-search-setup.ts";
import { ledgerOf, letters, mailAll, member, workspace } from "./member-caps-setup.ts";

function setLimits(client: ApiClient, userId: string, fields: Record<string, string>) {
  return client.send(team.action, "POST", "/team", { form: { intent: "limits", userId, ...fields } });
}

type TeamPage = { limits: Record<string, Record<string, { perDay: number | null; perMonth: number | null }>> };
const limitsOf = async (owner: ApiClient) => ((await (await owner.send(team.loader, "GET", "/team")).json()) as TeamPage).limits;

beforeAll(async () => {
  await seedMarket();
});

describe("a member's usage limits", () => {
  it("holds a per-day letter limit under parallel letters: exactly K mailed, the rest 429 naming the member's limit", async () => {
    const { fake, context, owner } = await workspace();
    const ready = await letters(owner.client, 7);
    const limited = await member(owner.client, context);
    const other = await member(owner.client, context);
    const saved = await setLimits(owner.client, limited.userId, { "letter.perDay": "2" });
    expect(saved.status).toBe(302);
    expect(toastOf(saved)?.title).toBe("Usage limits saved");

    const answers = await mailAll(limited.client, ready.slice(0, 5));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 429, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body).toMatchObject({ success: false });
    expect(refused.body.message).toMatch(
      /^You have reached your member limit of 2 letters a day, set by the workspace's owner\. Try again in /,
    );
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(fake.letters).toHaveLength(2);
    const ledger = await ledgerOf(owner.userId);
    expect(ledger).toHaveLength(2);
    expect(ledger.every((row) => row.actorId === limited.userId)).toBe(true);

    // Another member has no limit of their own.
    expect((await mailAll(other.client, ready.slice(5, 6))).map((answer) => answer.status)).toEqual([200]);
    // The refused letters were given back: raised to 3, the member has exactly one more.
    expect((await setLimits(owner.client, limited.userId, { "letter.perDay": "3" })).status).toBe(302);
    expect((await mailAll(limited.client, ready.slice(6))).map((answer) => answer.status)).toEqual([200]);
    expect(fake.letters).toHaveLength(4);
  });

  it("holds a per-month limit the same way", async () => {
    const { fake, context, owner } = await workspace();
    const ready = await letters(owner.client, 3);
    const limited = await member(owner.client, context);
    expect((await setLimits(owner.client, limited.userId, { "letter.perMonth": "1" })).status).toBe(302);
    const answers = await mailAll(limited.client, ready);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toMatch(/^You have reached your member limit of 1 letter a month, set by the workspace's owner\./);
    expect(fake.letters).toHaveLength(1);
  });

  it("leaves the workspace's own limits in force above a member's", async () => {
    const { fake, context, owner } = await workspace(100_000, { USAGE_LIMITS: JSON.stringify({ letter: { perMinute: null, perDay: 3 } }) });
    const ready = await letters(owner.client, 5);
    const limited = await member(owner.client, context);
    expect((await setLimits(owner.client, limited.userId, { "letter.perDay": "10" })).status).toBe(302);
    const answers = await mailAll(limited.client, ready);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toMatch(/^You have reached your limit of 3 letters a day\. Try again in /);
    expect(fake.letters).toHaveLength(3);
    expect(await ledgerOf(owner.userId)).toHaveLength(3);
  });

  it("is set by owners only, strictly: field errors for bad numbers and nothing written, 404 for a stranger, blank removes it", async () => {
    const { context, owner } = await workspace();
    const caller = await member(owner.client, context, "caller");
    const acquisitions = await member(owner.client, context);
    for (const bad of ["-1", "1.5", "1e3", "abc", "1000001", "12 3", "0x10"]) {
      const answer = await setLimits(owner.client, caller.userId, { "letter.perDay": "5", "skip_trace.perMonth": bad });
      expect(answer.status, bad).toBe(400);
      const body = (await answer.json()) as { errors: Record<string, string[]>; limitsFor: string; values: Record<string, string> };
      expect(body.limitsFor).toBe(caller.userId);
      expect(body.errors["skip_trace.perMonth"]?.[0], bad).toBeTruthy();
      expect(body.errors["letter.perDay"]).toBeUndefined();
      expect(body.values["skip_trace.perMonth"]).toBe(bad);
    }
    expect(await limitsOf(owner.client)).toEqual({});

    const stranger = await registerClient("limits-stranger");
    expect((await setLimits(owner.client, stranger.userId, { "letter.perDay": "5" })).status).toBe(404);
    expect(await limitsOf(owner.client)).toEqual({});

    const fields = { "letter.perDay": " 50 ", "skip_trace.perMonth": "0", "ai_call.perDay": "" };
    expect((await setLimits(owner.client, caller.userId, fields)).status).toBe(302);
    expect(await limitsOf(owner.client)).toEqual({
      [caller.userId]: { letter: { perDay: 50, perMonth: null }, skip_trace: { perDay: null, perMonth: 0 } },
    });

    // No other role may set them (the role policy refuses /team).
    for (const other of [caller, acquisitions]) {
      expect((await setLimits(other.client, other.userId, { "letter.perDay": "1000" })).status).toBe(403);
    }
    expect(Object.keys(await limitsOf(owner.client))).toEqual([caller.userId]);

    expect((await setLimits(owner.client, caller.userId, {})).status).toBe(302);
    expect(await limitsOf(owner.client)).toEqual({});
  });
});
