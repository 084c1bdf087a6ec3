import { describe, expect, it } from "vitest";

import {
  buildSearchLocation,
  CITY_REQUIRED,
  LOCATION_FORMAT,
  LOCATION_REQUIRED,
  locationKey,
  LOCATIONS_NEED_ZIPS,
  parseSearchLocation,
  STATE_REQUIRED,
  TOO_MANY_ZIPS,
  unknownState,
  ZIP_FORMAT,
} from "#app/domain/leads/lead-location.ts";

describe("buildSearchLocation (the wizard's location rule)", () => {
  it("uses a 5-digit ZIP as is, whatever the state", () => {
    expect(buildSearchLocation(" 85004 ", "TX")).toEqual({ ok: true, value: { location: "85004" } });
  });

  it("turns several comma-separated ZIPs into a multi-location search with the first as location", () => {
    expect(buildSearchLocation("85004, 85008,85281", "AZ")).toEqual({
      ok: true,
      value: { location: "85004", locations: ["85004", "85008", "85281"] },
    });
    expect(buildSearchLocation("85004, 85004", "AZ")).toEqual({ ok: true, value: { location: "85004" } });
  });

  it('uses "City, ST" with a 2-letter second part as is', () => {
    expect(buildSearchLocation("Phoenix, AZ", "TX")).toEqual({ ok: true, value: { location: "Phoenix, AZ" } });
    expect(buildSearchLocation("Las Vegas,nv", "")).toEqual({ ok: true, value: { location: "Las Vegas,nv" } });
  });

  it('otherwise builds "{city}, {state}"', () => {
    expect(buildSearchLocation("Phoenix", "az")).toEqual({ ok: true, value: { location: "Phoenix, AZ" } });
    expect(buildSearchLocation("Phoenix, Arizona", "AZ")).toEqual({ ok: true, value: { location: "Phoenix, Arizona, AZ" } });
    expect(buildSearchLocation("8500", "AZ")).toEqual({ ok: true, value: { location: "8500, AZ" } });
  });

  it("refuses a missing city, a missing state and an unknown state as field errors", () => {
    expect(buildSearchLocation("  ", "AZ")).toEqual({ ok: false, errors: { cityOrZip: CITY_REQUIRED } });
    expect(buildSearchLocation("Phoenix", "")).toEqual({ ok: false, errors: { state: STATE_REQUIRED } });
    expect(buildSearchLocation("Phoenix", "ZZ")).toEqual({ ok: false, errors: { state: unknownState("ZZ") } });
    expect(buildSearchLocation("Washington", "DC")).toEqual({ ok: false, errors: { state: unknownState("DC") } });
    expect(buildSearchLocation("Springfield, XX", "IL")).toEqual({ ok: false, errors: { cityOrZip: unknownState("XX") } });
  });

  it("caps a multi-ZIP search", () => {
    const zips = Array.from({ length: 26 }, (_, i) => String(85000 + i)).join(",");
    expect(buildSearchLocation(zips, "AZ")).toEqual({ ok: false, errors: { cityOrZip: TOO_MANY_ZIPS } });
  });
});

describe("parseSearchLocation (what a search's location means)", () => {
  it("reads a ZIP, a ZIP list and extra locations as one ZIP search named by the first", () => {
    expect(parseSearchLocation("85004")).toEqual({ ok: true, value: { search: { zips: ["85004"] }, label: "85004" } });
    expect(parseSearchLocation("85004, 85008")).toEqual({ ok: true, value: { search: { zips: ["85004", "85008"] }, label: "85004" } });
    expect(parseSearchLocation("85004", ["85004", "85281"])).toEqual({
      ok: true,
      value: { search: { zips: ["85004", "85281"] }, label: "85004" },
    });
  });

  it('reads "City, ST" with the state upper-cased and a one-case city title-cased', () => {
    expect(parseSearchLocation("las vegas, nv")).toEqual({
      ok: true,
      value: { search: { city: "Las Vegas", state: "NV" }, label: "Las Vegas, NV" },
    });
    expect(parseSearchLocation("WINSTON-SALEM,NC")).toEqual({
      ok: true,
      value: { search: { city: "Winston-Salem", state: "NC" }, label: "Winston-Salem, NC" },
    });
    expect(parseSearchLocation("McKinney, TX")).toMatchObject({ ok: true, value: { label: "McKinney, TX" } });
  });

  it("names the field and the reason for each bad location", () => {
    expect(parseSearchLocation("   ")).toEqual({ ok: false, field: "location", message: LOCATION_REQUIRED });
    expect(parseSearchLocation("Phoenix")).toEqual({ ok: false, field: "location", message: LOCATION_FORMAT });
    expect(parseSearchLocation("Phoenix, ZZ")).toEqual({ ok: false, field: "location", message: unknownState("ZZ") });
    expect(parseSearchLocation("8500, AZ")).toEqual({ ok: false, field: "location", message: LOCATION_FORMAT });
    expect(parseSearchLocation("85004", ["8528"])).toEqual({ ok: false, field: "locations", message: ZIP_FORMAT });
    expect(parseSearchLocation("Phoenix, AZ", ["85004"])).toEqual({ ok: false, field: "locations", message: LOCATIONS_NEED_ZIPS });
  });

  it("gives one key per place however it was typed", () => {
    const key = (text: string) => {
      const parsed = parseSearchLocation(text);
      if (!parsed.ok) throw new Error(parsed.message);
      return locationKey(parsed.value.search);
    };
    expect(key("las vegas, nv")).toBe(key("Las Vegas,NV"));
    expect(key("85008, 85004")).toBe(key("85004,85008"));
    expect(key("Phoenix, AZ")).not.toBe(key("Phoenix, TX"));
  });
});
