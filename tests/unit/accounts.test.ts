import { describe, expect, it } from "vitest";

import { LoginSchema, RegisterStep1Schema } from "#app/domain/accounts/auth-schemas.ts";
import { avatarInitials, displayName } from "#app/domain/accounts/user-display.ts";
import { formatPhone, toE164 } from "#app/domain/leads/phone.ts";

describe("display name and initials", () => {
  it("uses the full name, else first plus last name, else the email", () => {
    expect(displayName({ fullName: "Pat Quinn", firstName: "X", lastName: "Y", email: "p@example.com" })).toBe("Pat Quinn");
    expect(displayName({ fullName: "  ", firstName: "Ada", lastName: "Stone", email: "a@example.com" })).toBe("Ada Stone");
    expect(displayName({ firstName: "Ada", email: "a@example.com" })).toBe("Ada");
    expect(displayName({ email: "a@example.com" })).toBe("a@example.com");
  });

  it("takes the first letters of the words, uppercased, at most two", () => {
    expect(avatarInitials("pat quinn")).toBe("PQ");
    expect(avatarInitials("Mary Ann Van Dyke")).toBe("MA");
    expect(avatarInitials("Cher")).toBe("C");
    expect(avatarInitials("a@example.com")).toBe("A");
  });
});

describe("phone numbers", () => {
  it("accepts US numbers as typed and stores them as E.164", () => {
    for (const typed of ["(602) 555-0123", "602.555.0123", "6025550123", "+1 602 555 0123", "1-602-555-0123"]) {
      expect(toE164(typed)).toBe("+16025550123");
    }
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
  });

  it("refuses what is no phone number", () => {
    for (const typed of ["555-0123", "call me", "+1", "12345678901234567"]) expect(toE164(typed)).toBeNull();
  });

  it("shows US numbers the way people write them", () => {
    expect(formatPhone("+16025550123")).toBe("(602) 555-0123");
    expect(formatPhone("+442079460958")).toBe("+442079460958");
    expect(formatPhone(null)).toBe("");
  });
});

describe("account schemas", () => {
  it("lowercases and trims the email, and reports one message per failing field", () => {
    const parsed = RegisterStep1Schema.safeParse({
      full_name: "Pat",
      email: " PAT@Example.COM ",
      mobile: "602",
      password: "sunny2026",
      confirm_password: "sunny2026",
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual([["mobile", "Phone number must be at least 10 digits"]]);
    expect(LoginSchema.parse({ email: " PAT@Example.COM ", password: "x" }).email).toBe("pat@example.com");
  });

  it("reads Remember me from a checkbox or a boolean", () => {
    expect(LoginSchema.parse({ email: "a@example.com", password: "x", remember: "on" }).remember).toBe(true);
    expect(LoginSchema.parse({ email: "a@example.com", password: "x", remember: true }).remember).toBe(true);
    expect(LoginSchema.parse({ email: "a@example.com", password: "x" }).remember).toBe(false);
  });
});
