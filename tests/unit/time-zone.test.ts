// Calendar days in the user's IANA zone (ADR 096): Intl arithmetic across the date line and daylight-saving changes.
import { describe, expect, it } from "vitest";

import { endOfDay, overdueDays, scheduledFor, snoozedUntil } from "#app/domain/sequences/plan.ts";
import {
  addLocalDays,
  isTimeZone,
  localDate,
  nextDayBounds,
  offsetMs,
  startOfNextLocalDay,
  STEADY_OFFSET_DAYS,
  steadyOffset,
  zoneOf,
} from "#app/domain/shared/time-zone.ts";

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

describe("a zone's steady offset (what Today's ranking in SQL counts days with)", () => {
  const HOUR = 60 * 60 * 1000;

  it("finds the instant of the last change of offset, to the millisecond", () => {
    // New York left daylight saving at 06:00Z on 2026-11-01 (02:00 EDT became 01:00 EST).
    const until = new Date("2026-11-21T05:00:00Z");
    const { offsetMs: offset, since } = steadyOffset(until, "America/New_York");
    expect(offset).toBe(-5 * HOUR);
    expect(since.toISOString()).toBe("2026-11-01T06:00:00.000Z");
    expect(offsetMs(new Date(since.getTime() - 1), "America/New_York")).toBe(-4 * HOUR);
    // Antarctica/Troll changes by 2 hours (UTC+2 in summer from 2026-03-29 01:00Z).
    expect(steadyOffset(new Date("2026-04-10T00:00:00Z"), "Antarctica/Troll")).toEqual({
      offsetMs: 2 * HOUR,
      since: new Date("2026-03-29T01:00:00Z"),
    });
  });

  it("answers the horizon for a zone that did not change in that time, and any instant for UTC", () => {
    const until = new Date("2026-06-16T00:00:00Z");
    const kolkata = steadyOffset(until, "Asia/Kolkata");
    expect(kolkata.offsetMs).toBe(5.5 * HOUR);
    expect(until.getTime() - kolkata.since.getTime()).toBe(STEADY_OFFSET_DAYS * 24 * HOUR);
    expect(steadyOffset(until, "UTC").offsetMs).toBe(0);
    expect(steadyOffset(until, "UTC").since.getTime()).toBeLessThan(Date.UTC(1900, 0, 1));
  });
});
