import { and, count, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { emailOutbox, workspaceInvitations } from "#db/schema.ts";
import { INVITATION_WINDOW_MS, INVITATIONS_PER_DAY, INVITATIONS_THROTTLED } from "#app/domain/workspaces/members.ts";
import * as team from "#app/routes/team.tsx";
import { registerClient, toastOf, type ApiClient } from "#tests/integration/api-client.ts";
import { db } from "#tests/integration/db.ts";

const invite = (owner: ApiClient, email: string) =>
  owner.send(team.action, "POST", "/team", { form: { intent: "invite", email, role: "caller" } });

async function invitationsOf(workspaceId: string) {
  const [row] = await db.select({ n: count() }).from(workspaceInvitations).where(eq(workspaceInvitations.workspaceId, workspaceId));
  return row.n;
}

async function emailsTo(prefix: string) {
  const [row] = await db
    .select({ n: count() })
    .from(emailOutbox)
    .where(and(like(emailOutbox.toAddress, `${prefix}%`), like(emailOutbox.subject, "You are invited%")));
  return row.n;
}

describe("invitations per workspace and day", () => {
  it("sends at most the daily number, resends included, even when the last ones are posted at once", async () => {
    const owner = await registerClient("throttle-owner");
    const prefix = `throttled-${crypto.randomUUID().slice(0, 8)}`;
    // Resending to one address counts like a new one.
    for (let i = 0; i < INVITATIONS_PER_DAY - 3; i++) {
      const answer = await invite(owner.client, `${prefix}-${i % 2}@example.com`);
      expect(toastOf(answer)?.title).toBe("Invitation sent");
    }
    const parallel = await Promise.all(Array.from({ length: 8 }, (_, i) => invite(owner.client, `${prefix}-p${i}@example.com`)));
    const statuses = parallel.map((answer) => answer.status).sort();
    expect(statuses).toEqual([302, 302, 302, 429, 429, 429, 429, 429]);
    for (const answer of parallel.filter((a) => a.status === 429))
      expect(await answer.json()).toEqual({ errors: { form: [INVITATIONS_THROTTLED] } });
    expect(await invitationsOf(owner.userId)).toBe(INVITATIONS_PER_DAY);
    expect(await emailsTo(prefix)).toBe(INVITATIONS_PER_DAY);

    const refused = await invite(owner.client, `${prefix}-late@example.com`);
    expect(refused.status).toBe(429);
    expect(await invitationsOf(owner.userId)).toBe(INVITATIONS_PER_DAY);
    expect(await emailsTo(prefix)).toBe(INVITATIONS_PER_DAY);

    // Once they were sent over a day ago, the window has moved past them.
    await db
      .update(workspaceInvitations)
      .set({ createdAt: new Date(Date.now() - INVITATION_WINDOW_MS - 60_000) })
      .where(eq(workspaceInvitations.workspaceId, owner.userId));
    expect(toastOf(await invite(owner.client, `${prefix}-tomorrow@example.com`))?.title).toBe("Invitation sent");
  });

  it("counts each workspace on its own", async () => {
    const busy = await registerClient("throttle-busy");
    const other = await registerClient("throttle-other");
    const prefix = `own-${crypto.randomUUID().slice(0, 8)}`;
    await Promise.all(Array.from({ length: INVITATIONS_PER_DAY + 2 }, (_, i) => invite(busy.client, `${prefix}-${i}@example.com`)));
    expect(await invitationsOf(busy.userId)).toBe(INVITATIONS_PER_DAY);
    expect(toastOf(await invite(other.client, `${prefix}-other@example.com`))?.title).toBe("Invitation sent");
  });
});
