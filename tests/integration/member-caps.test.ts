// Money per member: the ledger names who spent, an owner sets each member's monthly cap on /team (strict money, blank
// for none, owners only), a member's cap and the workspace's cap both hold under parallel paid actions, Profile →
// Usage shows an owner each member's spend, and a letter the hourly sweep confirms is the member's who mailed it.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { activityLog, letterMailings } from "#db/schema.ts";
import { STALE_MAILING_MS } from "#app/domain/offers/mailing.ts";
import { action as profileAction, loader as profileLoader } from "#app/routes/profile.tsx";
import * as team from "#app/routes/team.tsx";
import { sweepUnconfirmedMailings } from "#app/services/offers/unconfirmed-mailings.server.ts";

import { registerClient, toastOf, type ApiClient, type Handler } from "./api-client.ts";
import { seedMarket } from "./lead-search-setup.ts";
import { db, ledgerOf, letters, mailAll, member, workspace } from "./member-caps-setup.ts";

function setCap(client: ApiClient, userId: string, monthlyCap: string) {
  return client.send(team.action, "POST", "/team", { form: { intent: "cap", userId, monthlyCap } });
}

beforeAll(async () => {
  await seedMarket();
});

describe("a member's monthly spending cap", () => {
  it("holds under parallel letters: exactly K charged, the rest refused 402 naming the member cap", async () => {
    const { fake, context, owner } = await workspace();
    const ready = await letters(owner.client, 5);
    const acquisitions = await member(owner.client, context);
    // $3.00 is two letters at $1.50.
    expect((await setCap(owner.client, acquisitions.userId, "$3.00")).status).toBe(302);

    const answers = await mailAll(acquisitions.client, ready);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 402, 402, 402]);
    const refused = answers.find((answer) => answer.status === 402)!;
    expect(refused.body).toMatchObject({ success: false });
    expect(refused.body.message).toMatch(/member monthly spending cap of \$3\.00/);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    expect(fake.letters).toHaveLength(2);
    const ledger = await ledgerOf(owner.userId);
    expect(ledger).toHaveLength(2);
    expect(ledger.map((row) => row.actorId)).toEqual([acquisitions.userId, acquisitions.userId]);

    // The owner has no member cap: the workspace's cap is the only one on their letters.
    const more = await letters(owner.client, 1);
    expect((await mailAll(owner.client, more))[0]!.status).toBe(200);
    expect((await ledgerOf(owner.userId)).filter((row) => row.actorId === owner.userId)).toHaveLength(1);
  });

  it("keeps the workspace's cap across two members' parallel letters", async () => {
    // $4.50 is three letters, whoever mails them.
    const { fake, context, owner } = await workspace(450);
    const ready = await letters(owner.client, 6);
    const first = await member(owner.client, context);
    const second = await member(owner.client, context);
    const answers = await Promise.all([mailAll(first.client, ready.slice(0, 3)), mailAll(second.client, ready.slice(3))]);
    const statuses = answers.flat().map((answer) => answer.status);
    expect(statuses.sort()).toEqual([200, 200, 200, 402, 402, 402]);
    const refused = answers.flat().find((answer) => answer.status === 402)!;
    expect(refused.body.message).toMatch(/^This would pass your monthly spending cap of \$4\.50/);
    expect(fake.letters).toHaveLength(3);
    const ledger = await ledgerOf(owner.userId);
    expect(ledger).toHaveLength(3);
    expect(ledger.every((row) => row.actorId === first.userId || row.actorId === second.userId)).toBe(true);
  });

  it("is set by owners only, strictly: field errors for bad money, 404 for a stranger, blank removes it", async () => {
    const { context, owner } = await workspace();
    const caller = await member(owner.client, context, "caller");
    const acquisitions = await member(owner.client, context);
    for (const bad of ["12,34,56", "-5", "1.234", "1e3", "100001", "abc"]) {
      const answer = await setCap(owner.client, caller.userId, bad);
      expect(answer.status, bad).toBe(400);
      const body = (await answer.json()) as { errors: Record<string, string[]>; capFor: string };
      expect(body.capFor).toBe(caller.userId);
      expect(body.errors.monthlyCap?.[0], bad).toBeTruthy();
    }
    const stranger = await registerClient("caps-stranger");
    expect((await setCap(owner.client, stranger.userId, "10")).status).toBe(404);

    const saved = await setCap(owner.client, caller.userId, "12.50");
    expect(saved.status).toBe(302);
    expect(toastOf(saved)?.title).toBe("Spending cap saved");
    const page = (await (await owner.client.send(team.loader, "GET", "/team")).json()) as { caps: Record<string, number> };
    expect(page.caps).toEqual({ [caller.userId]: 1250 });

    // No other role may set one (the role policy refuses /team), nor the workspace's cap in Profile → Usage.
    for (const other of [caller, acquisitions]) {
      expect((await setCap(other.client, other.userId, "100000")).status).toBe(403);
      const workspaceCap = await other.client.send(profileAction as Handler, "POST", "/profile", {
        form: { intent: "usage", monthlyCap: "100000" },
      });
      expect(workspaceCap.status).toBe(403);
    }

    expect((await setCap(owner.client, caller.userId, "")).status).toBe(302);
    const cleared = (await (await owner.client.send(team.loader, "GET", "/team")).json()) as { caps: Record<string, number> };
    expect(cleared.caps).toEqual({});
  });
});

type Loaded = { members: { memberId: string; counts: Record<string, number>; usedCents: number; capCents: number | null }[] | null };

describe("Profile → Usage per member", () => {
  it("shows the owner each member's spend this month by kind, with their cap; a member sees no one's", async () => {
    const { context, owner } = await workspace();
    const ready = await letters(owner.client, 3);
    const acquisitions = await member(owner.client, context);
    expect((await setCap(owner.client, acquisitions.userId, "20")).status).toBe(302);
    expect((await mailAll(acquisitions.client, ready.slice(0, 2))).map((answer) => answer.status)).toEqual([200, 200]);
    expect((await mailAll(owner.client, ready.slice(2))).map((answer) => answer.status)).toEqual([200]);

    const loaded = (await owner.client.load(profileLoader as Handler, "/profile?tab=usage")) as Loaded;
    const byId = new Map(loaded.members?.map((row) => [row.memberId, row]));
    expect(byId.get(owner.userId)).toMatchObject({ usedCents: 150, capCents: null });
    expect(byId.get(owner.userId)?.counts.letter).toBe(1);
    expect(byId.get(acquisitions.userId)).toMatchObject({ usedCents: 300, capCents: 2000 });
    expect(byId.get(acquisitions.userId)?.counts.letter).toBe(2);

    const own = (await acquisitions.client.load(profileLoader as Handler, "/profile?tab=usage")) as Loaded;
    expect(own.members).toBeNull();
  });
});

describe("a letter the hourly sweep confirms", () => {
  it("is charged, counted against their cap and logged to the member who mailed it, not to the founder", async () => {
    const { fake, context, owner } = await workspace(100_000, { LOB_RETRY_DELAY_MS: "0", LOB_TIMEOUT_MS: "50" });
    const start = new Date("2026-11-16T15:00:00Z");
    context.now = () => start;
    const ready = await letters(owner.client, 2);
    const acquisitions = await member(owner.client, context);
    // $1.50 is one letter: once the sweep counts the confirmed one as theirs, their next one passes their cap.
    expect((await setCap(owner.client, acquisitions.userId, "1.50")).status).toBe(302);
    fake.loseAnswers(3);
    const [unconfirmed] = await mailAll(acquisitions.client, ready.slice(0, 1));
    expect(unconfirmed!.status).toBe(504);
    expect(await ledgerOf(owner.userId)).toEqual([]);
    const [claim] = await db.select().from(letterMailings).where(eq(letterMailings.propertyId, ready[0]!.propertyId));
    expect(claim).toMatchObject({ status: "mailing", actorId: acquisitions.userId });

    const sweep = new Date(start.getTime() + STALE_MAILING_MS + 60_000);
    expect(await sweepUnconfirmedMailings({ ...context, now: () => sweep })).toEqual({ mailed: 1, failed: 0, unknown: 0 });
    expect((await ledgerOf(owner.userId)).map((row) => [row.kind, row.actorId])).toEqual([["letter", acquisitions.userId]]);
    const logged = await db
      .select({ actorId: activityLog.actorId, detail: activityLog.detail })
      .from(activityLog)
      .where(and(eq(activityLog.userId, owner.userId), eq(activityLog.kind, "letter_mailed")));
    expect(logged).toEqual([{ actorId: acquisitions.userId, detail: { amount: 170_000 } }]);

    context.now = () => sweep;
    const loaded = (await owner.client.load(profileLoader as Handler, "/profile?tab=usage")) as Loaded;
    const byId = new Map(loaded.members?.map((row) => [row.memberId, row]));
    expect(byId.get(acquisitions.userId)).toMatchObject({ usedCents: 150, capCents: 150 });
    expect(byId.get(acquisitions.userId)?.counts.letter).toBe(1);
    expect(byId.get(owner.userId)?.usedCents ?? 0).toBe(0);
    const [next] = await mailAll(acquisitions.client, ready.slice(1));
    expect(next!.status).toBe(402);
    expect(next!.body.message).toMatch(/member monthly spending cap of \$1\.50/);
    expect(fake.letters).toHaveLength(1);
  });
});
