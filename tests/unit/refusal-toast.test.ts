import { describe, expect, it } from "vitest";

import { capRefusalToast, RATE_LIMIT_TITLE, retryAfterOf, retryWords, SPEND_CAP_TITLE } from "#app/domain/usage/refusal-toast.ts";

describe("a cap's refusal as a toast", () => {
  it("is the rate cap's toast for a 429, saying when to try again unless the message already does", () => {
    expect(capRefusalToast({ status: 429, message: "You have 3 deal analyses running.", retryAfterSeconds: 10 })).toEqual({
      title: RATE_LIMIT_TITLE,
      description: "You have 3 deal analyses running. Try again in 10 seconds.",
      variant: "error",
    });
    const said = "You have reached your limit of 10 letters a minute. Try again in 45 seconds.";
    expect(capRefusalToast({ status: 429, message: said, retryAfterSeconds: 45 })?.description).toBe(said);
    expect(capRefusalToast({ status: 429, message: "Slow down." })?.description).toBe("Slow down.");
  });

  it("is the spending cap's toast for a 402, and nothing for any other answer", () => {
    const message =
      "This would pass your monthly spending cap of $1.00 ($0.00 used this month). Raise the cap in Profile → Usage to continue.";
    expect(capRefusalToast({ status: 402, message, retryAfterSeconds: 86_400 })).toEqual({
      title: SPEND_CAP_TITLE,
      description: message,
      variant: "error",
    });
    for (const status of [undefined, 400, 404, 409, 422, 502]) expect(capRefusalToast({ status, message: "x" })).toBeNull();
  });

  it("says a Retry-After in words and reads it from the header", () => {
    expect([1, 45, 119, 120, 3_600, 7_200, 172_800].map(retryWords)).toEqual([
      "1 second",
      "45 seconds",
      "119 seconds",
      "2 minutes",
      "60 minutes",
      "2 hours",
      "2 days",
    ]);
    expect(retryAfterOf(new Headers({ "Retry-After": "30" }))).toBe(30);
    expect(retryAfterOf(new Headers({ "Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT" }))).toBeUndefined();
    expect(retryAfterOf(new Headers())).toBeUndefined();
  });
});
