import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import type { WorkspaceRole } from "#db/enums.ts";
import { sessions, workspaceMembers } from "#db/schema.ts";
import { areaOfProfileTab, areaOfUrl, mayWork } from "#app/domain/workspaces/roles.ts";
import * as buyers from "#app/routes/api.buyers.ts";
import * as documents from "#app/routes/api.documents.$id.ts";
import * as calculate from "#app/routes/api.properties.calculate-offer.ts";
import * as mail from "#app/routes/api.properties.mail-offer.ts";
import * as today from "#app/routes/api.tasks.today.ts";
import * as exportCsv from "#app/routes/crm.export[.csv].ts";
import { registerClient, type ApiClient, type Handler } from "#tests/integration/api-client.ts";
import { handlerCases, probeName, sendProbe, type Answered } from "#tests/integration/authz/probe.ts";
import { routeManifest } from "#tests/integration/authz/route-manifest.ts";
import { partyWithRecords, snapshotOf, type Party } from "#tests/integration/authz/world.ts";
import { db } from "#tests/integration/db.ts";

/**
 * The role matrix: every route of the Remix build's manifest, driven as each role of one workspace on that
 * workspace's own records, from the authorization matrix's recipes. A handler the role policy closes to a role answers
 * 403 with a sentence naming the role, and writes nothing; one it opens never answers 403. Another workspace's member
 * gets the authorization matrix's 404 (tests/integration/authz-matrix.test.ts, "user B on user A's ids").
 */
// Handlers that answer 405 to every method refuse before anyone's session is read; the analysis stream, opened on
// the workspace's own deal, answers a live stream the probe would wait on (its gate is the records' read, tested here
// through the other deal reads).
const cases = handlerCases(routeManifest()).filter(
  (c) =>
    c.recipe.signedOut !== "public" &&
    c.recipe.signedOut !== "405" &&
    !c.recipe.last &&
    !c.recipe.devOnly &&
    c.route !== "routes/api.deals.analyze.$id.stream",
);
const ROLES: WorkspaceRole[] = ["owner", "acquisitions", "dispo", "caller"];

/** A new person added to `owner`'s workspace as `role`, signed in and working in it. */
async function memberOf(owner: Party, role: Exclude<WorkspaceRole, "owner">, prefix: string) {
  const { client, userId } = await registerClient(prefix);
  await db.insert(workspaceMembers).values({ workspaceId: owner.userId, userId, role });
  await db.update(sessions).set({ workspaceId: owner.userId }).where(eq(sessions.userId, userId));
  return client;
}

function expectRefusal(answer: Answered, role: WorkspaceRole, name: string) {
  expect(answer.status, `${name}: 403`).toBe(403);
  const message = answer.text.startsWith("{") ? (JSON.parse(answer.text) as { message: string }).message : answer.text;
  expect(message, `${name}: says why in words`).toMatch(
    new RegExp(`^As ${role === "dispo" ? "Dispo" : role[0].toUpperCase() + role.slice(1)} in this workspace you cannot use [a-z]`),
  );
}

describe("the role matrix", () => {
  let owner: Party;
  const clients = new Map<WorkspaceRole, ApiClient>();
  beforeAll(async () => {
    owner = await partyWithRecords("roles-owner");
    clients.set("owner", owner.client);
    for (const role of ["acquisitions", "dispo", "caller"] as const) clients.set(role, await memberOf(owner, role, `roles-${role}`));
  });

  for (const role of ROLES) {
    for (const { route, kind, handler, recipe } of cases) {
      it(`${role}: ${route} ${kind}`, async () => {
        const client = clients.get(role);
        if (!client) throw new Error(`no ${role}`);
        for (const probe of recipe.probes) {
          const name = `${role}: ${probeName(route, kind, probe, owner.ids)}`;
          const url = new URL(probe.path(owner.ids), "https://breeze.test");
          const tab = url.pathname === "/profile" && probe.method === "POST" ? String(probe.form?.(owner.ids).intent ?? "") : null;
          const area = tab === null ? areaOfUrl(probe.method, url) : areaOfProfileTab(tab);
          const before = mayWork(role, area) ? null : await snapshotOf(owner.userId);
          const answer = await sendProbe(client, handler, probe, owner.ids);
          expect(answer.status, `${name}: no server error`).toBeLessThan(500);
          if (!before) expect(answer.status, `${name}: ${area} is open to ${role}`).not.toBe(403);
          else {
            expectRefusal(answer, role, name);
            expect(await snapshotOf(owner.userId), `${name}: the workspace's rows and files`).toEqual(before);
          }
        }
      });
    }
  }
});

describe("the issue's roles, as people use them", () => {
  let owner: Party;
  let caller: ApiClient;
  let dispo: ApiClient;
  let acquisitions: ApiClient;
  beforeAll(async () => {
    owner = await partyWithRecords("people-owner");
    caller = await memberOf(owner, "caller", "people-caller");
    dispo = await memberOf(owner, "dispo", "people-dispo");
    acquisitions = await memberOf(owner, "acquisitions", "people-acq");
  });

  const send = (client: ApiClient, handler: Handler, method: "GET" | "POST", path: string, json?: unknown) =>
    client.send(handler, method, path, { json, params: {} });

  it("a caller works Today and messages, and is refused mailing, offers, exports and deletes", async () => {
    expect((await send(caller, today.loader, "GET", "/api/tasks/today")).status).toBe(200);
    const mailed = await send(caller, mail.action, "POST", "/api/properties/mail-offer", { propertyId: owner.ids.property });
    expect(mailed.status).toBe(403);
    expect(await mailed.json()).toMatchObject({ success: false, message: expect.stringContaining("offers, mailing and sequences") });
    expect((await send(caller, exportCsv.loader, "GET", "/crm/export.csv")).status).toBe(403);
    const removed = await caller.send(documents.action, "DELETE", `/api/documents/${owner.ids.document}`, {
      params: { id: owner.ids.document },
    });
    expect(removed.status).toBe(403);
  });

  it("dispo works buyers but not offers; acquisitions works offers but not buyers", async () => {
    expect((await send(dispo, buyers.loader, "GET", "/api/buyers")).status).toBe(200);
    expect((await send(acquisitions, buyers.loader, "GET", "/api/buyers")).status).toBe(403);
    const body = { propertyId: owner.ids.property };
    expect((await send(dispo, calculate.action, "POST", "/api/properties/calculate-offer", body)).status).toBe(403);
    expect((await send(acquisitions, calculate.action, "POST", "/api/properties/calculate-offer", body)).status).not.toBe(403);
  });
});
