import { describe, expect, it } from "vitest";

import { displayPhone, formatPhone, ownerPhones, toE164 } from "#app/domain/leads/phone.ts";

describe("phone numbers", () => {
  it("stores US numbers as typed in E.164, and shows them back in the US format", () => {
    for (const typed of ["(602) 555-0123", "602.555.0123", "+1 602 555 0123", "1-602-555-0123"]) expect(toE164(typed)).toBe("+16025550123");
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(toE164("555-0123")).toBeNull();
    expect(formatPhone("+16025550123")).toBe("(602) 555-0123");
    expect(formatPhone("+442079460958")).toBe("+442079460958");
    expect(formatPhone(null)).toBe("");
  });

  it("shows a phone as stored or as a vendor sent it in the US format, and anything else as written", () => {
    for (const raw of ["+14805550100", "4805550100", "480-555-0100", " 1 480 555 0100 "]) expect(displayPhone(raw)).toBe("(480) 555-0100");
    expect(displayPhone("+442079460958")).toBe("+442079460958");
    expect(displayPhone("ext. 12")).toBe("ext. 12");
    expect(displayPhone(undefined)).toBe("");
  });
});

describe("ownerPhones", () => {
  it("lists each number once and flags do-not-call numbers", () => {
    const phones = ownerPhones({
      ownerPhoneNumbers: [
        { number: "+16025550141", type: "mobile", dnc: false },
        { number: "+16025550142", type: "landline", dnc: false },
      ],
      ownerPhone: "(602) 555-0141",
      ownerDncPhone: "602-555-0142",
      ownerLandLine: "+16025550150",
    });
    expect(phones).toEqual([
      { number: "+16025550141", type: "mobile", dnc: false },
      { number: "+16025550142", type: "landline", dnc: true },
      { number: "+16025550150", type: "landline", dnc: false },
    ]);
    expect(ownerPhones({})).toEqual([]);
  });
});
