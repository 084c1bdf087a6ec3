// Calendar days in the user's IANA zone (ADR 090): Intl arithmetic across the date line and daylight-saving changes.
import { describe, expect, it } from "vitest";

import { endOfDay, overdueDays, scheduledFor, snoozedUntil } from "#app/domain/sequences/plan.ts";
import { addLocalDays, isTimeZone, localDate, nextDayBounds, startOfNextLocalDay, zoneOf } from "#app/domain/shared/time-zone.ts";

const AT = new Date("2026-11-26T12:00:00Z");

describe("the user's day", () => {
  it("is a different calendar day in Auckland and Los Angeles at one instant", () => {
    expect(localDate(AT, "Pacific/Auckland")).toBe("2026-11-27");
    expect(localDate(AT, "America/Los_Angeles")).toBe("2026-11-26");
    expect(localDate(AT, "UTC")).toBe("2026-11-26");
  });

  it("ends at the zone's next midnight", () => {
    // NZDT is UTC+13: midnight of Nov 28 is 11:00 UTC on Nov 27. PST is UTC−8: midnight of Nov 27 is 08:00 UTC.
    expect(startOfNextLocalDay(AT, "Pacific/Auckland").toISOString()).toBe("2026-11-27T11:00:00.000Z");
    expect(startOfNextLocalDay(AT, "America/Los_Angeles").toISOString()).toBe("2026-11-27T08:00:00.000Z");
    expect(endOfDay(AT).toISOString()).toBe("2026-11-27T00:00:00.000Z");
  });

  it("counts overdue days on the user's calendar", () => {
    const due = new Date("2026-11-26T10:00:00Z"); // 23:00 Nov 26 in Auckland, 02:00 Nov 26 in Los Angeles
    expect(overdueDays(due, AT, "Pacific/Auckland")).toBe(1);
    expect(overdueDays(due, AT, "America/Los_Angeles")).toBe(0);
  });

  it("keeps the wall-clock time across a daylight-saving change (a 23-hour day)", () => {
    // Los Angeles springs forward on March 8, 2026: 09:00 PST on March 7 is 17:00 UTC, 09:00 PDT on March 8 is 16:00 UTC.
    const start = new Date("2026-03-07T17:00:00Z");
    expect(scheduledFor(start, 1, "America/Los_Angeles").toISOString()).toBe("2026-03-08T16:00:00.000Z");
    expect(addLocalDays(start, 7, "America/Los_Angeles").toISOString()).toBe("2026-03-14T16:00:00.000Z");
    expect(scheduledFor(start, 1).toISOString()).toBe("2026-03-08T17:00:00.000Z");
    expect(snoozedUntil(start, start, "America/Los_Angeles").toISOString()).toBe("2026-03-08T16:00:00.000Z");
  });

  it("the widest day any zone can have contains every zone's", () => {
    const { earliest, latest } = nextDayBounds(AT);
    for (const zone of ["Pacific/Kiritimati", "Pacific/Auckland", "UTC", "America/Los_Angeles", "Etc/GMT+12"]) {
      const end = startOfNextLocalDay(AT, zone).getTime();
      expect(end).toBeGreaterThan(earliest.getTime());
      expect(end).toBeLessThanOrEqual(latest.getTime());
    }
  });

  it("takes the stored zone, else the browser's, else UTC; never a name the runtime does not know", () => {
    expect(zoneOf({ timeZone: "Pacific/Auckland" }, "America/Los_Angeles")).toBe("Pacific/Auckland");
    expect(zoneOf({}, "America/Los_Angeles")).toBe("America/Los_Angeles");
    expect(zoneOf({ timeZone: "Mars/Olympus" }, "nope")).toBe("UTC");
    expect(zoneOf(null)).toBe("UTC");
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("x".repeat(100))).toBe(false);
    expect(isTimeZone(42)).toBe(false);
  });
});
