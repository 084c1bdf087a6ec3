/**
 * The Profile's time zone is a select (ADR 096): its options are UTC and the runtime's IANA names
 * (Intl.supportedValuesOf), it starts on the user's zone (an alias on its listed name), and the form takes any name the
 * runtime knows, storing its listed name as before (users.preferences.timeZone); an unknown name is refused. It works without JavaScript: a plain form post.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { users } from "#db/schema.ts";
import { timeZoneNames } from "#app/domain/shared/time-zone-names.ts";
import * as profile from "#app/routes/profile.tsx";

import { registerClient, type Handler } from "./api-client.ts";
import { db } from "./db.ts";

const storedZone = async (userId: string) =>
  (await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId)).get())!.preferences.timeZone;

const userInfo = (timeZone: string) => ({
  intent: "user",
  fullName: "Pat Quinn",
  email: "",
  mobileE164: "(602) 555-0123",
  timeZone,
});

describe("the Profile's time zone", () => {
  it("lists UTC and the runtime's zones and starts on the user's, an alias on its listed name", async () => {
    const { client, userId } = await registerClient("profile-zone");
    await db
      .update(users)
      .set({ preferences: { timeZone: "US/Pacific" } })
      .where(eq(users.id, userId));
    const loaded = await client.load<{ timeZone: string; timeZones: { value: string; label: string }[] }>(
      profile.loader as Handler,
      "/profile",
    );
    const values = loaded.timeZones.map((option) => option.value);
    expect(values[0]).toBe("UTC");
    expect(values.slice(1)).toEqual(Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC"));
    expect(values).toContain("America/Los_Angeles");
    expect(loaded.timeZones.find((option) => option.value === "America/Los_Angeles")?.label).toBe("America/Los Angeles");
    // US/Pacific is not listed: the select starts on the name the runtime gives it.
    expect(loaded.timeZone).toBe("America/Los_Angeles");
  });

  it("stores a listed zone, an alias or another spelling as its listed name, and refuses an unknown one", async () => {
    const { client, userId, email } = await registerClient("profile-zone");
    const post = (timeZone: string) =>
      client.send(profile.action as Handler, "POST", "/profile", { form: { ...userInfo(timeZone), email } });
    expect((await post("Pacific/Auckland")).status).toBe(302);
    expect(await storedZone(userId)).toBe("Pacific/Auckland");
    expect(timeZoneNames()).toContain("Pacific/Auckland");
    for (const [sent, stored] of [
      ["US/Pacific", "America/Los_Angeles"],
      ["pacific/auckland", "Pacific/Auckland"],
      // Whichever of Asia/Kolkata and Asia/Calcutta this runtime lists: the one its select offers.
      ["Asia/Kolkata", timeZoneNames().find((zone) => zone === "Asia/Kolkata" || zone === "Asia/Calcutta")],
    ] as const) {
      expect((await post(sent)).status, sent).toBe(302);
      expect(await storedZone(userId), sent).toBe(stored);
    }
    const refused = await post("Mars/Olympus");
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Choose a time zone from the list");
    expect(timeZoneNames()).toContain(await storedZone(userId));
    expect((await post("UTC")).status).toBe(302);
    expect(await storedZone(userId)).toBe("UTC");
  });
});
