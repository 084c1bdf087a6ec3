import { describe, expect, it, vi } from "vitest";

import { fromScaledInteger, toScaledInteger } from "#db/columns.ts";
import { parseEmailSender } from "#app/providers/email/sender.ts";
import { EnvSchema, parseEnv } from "#app/providers/env.server.ts";
import { formatAddressLine } from "#app/providers/mail/types.ts";
import { createMaps, STREET_VIEW } from "#app/providers/maps/index.ts";

describe("configuration", () => {
  it("defaults every provider to its embedded local implementation and to production", () => {
    const env = EnvSchema.parse({});
    expect([env.PROPERTY_DATA, env.MAIL, env.AI, env.EMAIL, env.MAPS]).toEqual(["local", "local", "local", "local", "local"]);
    expect(env.APP_ENV).toBe("production");
  });

  it("parses once per env object", () => {
    const raw = { APP_ENV: "development" };
    expect(parseEnv(raw)).toBe(parseEnv(raw));
  });

  it("refuses an unknown provider name", () => {
    expect(() => parseEnv({ MAIL: "pigeon" })).toThrow(/Invalid Worker configuration: MAIL/);
  });

  it("defaults OPENAI_MODEL to a model with no shutdown date announced (gpt-4.1-mini shuts down 2027-01-14)", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const env = parseEnv({ AI: "openai", OPENAI_API_KEY: "k" });
    expect(env.OPENAI_MODEL).toBe("gpt-6-luna");
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("refuses a retired or misspelt OPENAI_MODEL at startup, naming it, and warns of one with a shutdown date", () => {
    const openai = { AI: "openai", OPENAI_API_KEY: "k" };
    expect(() => parseEnv({ ...openai, OPENAI_MODEL: "gpt-4-turbo" })).toThrow(
      /OPENAI_MODEL: gpt-4-turbo was shut down on 2026-10-23 \(OpenAI's deprecations page\); use gpt-5.6-terra or gpt-5.6-sol/,
    );
    expect(() => parseEnv({ ...openai, OPENAI_MODEL: "ft:o4-mini:acme::abc123" })).toThrow(/was shut down on 2026-10-23/);
    expect(() => parseEnv({ ...openai, OPENAI_MODEL: "GPT 4.1" })).toThrow(/OPENAI_MODEL: "GPT 4.1" is not an OpenAI model id/);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(parseEnv({ ...openai, OPENAI_MODEL: "gpt-4.1-mini" }).OPENAI_MODEL).toBe("gpt-4.1-mini");
    expect(warn).toHaveBeenCalledWith("OPENAI_MODEL: gpt-4.1-mini shuts down on 2027-01-14 (OpenAI's deprecations page); use gpt-6-luna");
    warn.mockRestore();
    // The local AI provider ignores the setting.
    expect(parseEnv({ OPENAI_MODEL: "gpt-4-turbo" }).AI).toBe("local");
  });

  it("takes EMAIL_FROM as an address or RFC 5322's `Name <address>`, and reads the domain from the address part", () => {
    const email = { EMAIL: "http", EMAIL_API_URL: "https://api.resend.com/emails", EMAIL_API_KEY: "re_k" };
    for (const from of [
      "Breeze <no-reply@mail.acme-homes.com>",
      '"Breeze, Inc." <no-reply@mail.acme-homes.com>',
      "no-reply@mail.acme-homes.com",
    ]) {
      expect(EnvSchema.parse({ ...email, EMAIL_FROM: from }).EMAIL_FROM).toBe(from);
    }
    expect(EnvSchema.parse({ ...email, EMAIL_FROM: "  Breeze <a@mail.acme-homes.com> " }).EMAIL_FROM).toBe(
      "Breeze <a@mail.acme-homes.com>",
    );
    expect(parseEmailSender('"Breeze, Inc." <no-reply@mail.acme-homes.com>')).toEqual({
      name: "Breeze, Inc.",
      address: "no-reply@mail.acme-homes.com",
    });
    // A placeholder domain is refused inside the angle brackets too.
    expect(() => parseEnv({ ...email, EMAIL_FROM: "Breeze <no-reply@breeze.example>" })).toThrow(
      /EMAIL_FROM \(Breeze <no-reply@breeze.example>\) must be on a real domain verified/,
    );
    // Neither form: a bad address part, unclosed brackets, a header smuggled in the name, an empty name.
    for (const bad of [
      "Breeze <not-an-address>",
      "Breeze <a@mail.acme-homes.com",
      "Breeze\r\nBcc: x <a@mail.acme-homes.com>",
      "<a@mail.acme-homes.com>",
      "Bree\u0007ze <a@mail.acme-homes.com>",
      "Breeze",
    ]) {
      expect(() => parseEnv({ ...email, EMAIL_FROM: bad }), bad).toThrow(/EMAIL_FROM: must be an email address or `Name <address>`/);
    }
  });
});

describe("maps", () => {
  const place = { latitude: 33.4557, longitude: -112.0686, address: "123 W Maple Ave, Phoenix, AZ" };

  it("shows no street view without a key, but still links to a keyless map", () => {
    const maps = createMaps({ provider: "local" });
    expect(maps.streetViewUrl(place)).toBeNull();
    expect(maps.mapLink(place)).toBe("https://www.openstreetmap.org/?mlat=33.4557&mlon=-112.0686#map=17/33.4557/-112.0686");
  });

  it("asks Google Street View with the spec's radius, heading and pitch", () => {
    const url = new URL(createMaps({ provider: "google", apiKey: "k" }).streetViewUrl(place)!);
    expect(url.origin + url.pathname).toBe("https://maps.googleapis.com/maps/api/streetview");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      location: "33.4557,-112.0686",
      radius: String(STREET_VIEW.radiusMeters),
      heading: "34",
      pitch: "10",
      size: "640x300",
      key: "k",
    });
  });
});

describe("mail addresses", () => {
  it("formats a postal address as one US line", () => {
    expect(formatAddressLine({ name: "P", line1: "1 Main St", line2: "Apt 2", city: "Mesa", state: "AZ", zip: "85201" })).toBe(
      "1 Main St Apt 2, Mesa, AZ 85201",
    );
  });
});

describe("exact decimal columns", () => {
  it("turns dollars into integer cents and back", () => {
    expect(toScaledInteger(250000.1, 2)).toBe(25000010);
    expect(fromScaledInteger(25000010, 2)).toBe(250000.1);
    expect(toScaledInteger(0.1 + 0.2, 2)).toBe(30);
  });

  it("rounds half away from zero at the last kept digit, for negative amounts too", () => {
    expect(toScaledInteger(1.005, 2)).toBe(101);
    expect(toScaledInteger(-1.005, 2)).toBe(-101);
    expect(toScaledInteger(2.25, 1)).toBe(23);
  });

  it("reads what D1 hands back, numbers or strings of digits", () => {
    expect(fromScaledInteger("1234", 2)).toBe(12.34);
    expect(fromScaledInteger(5, 0)).toBe(5);
  });
});
