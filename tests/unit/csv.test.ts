import { describe, expect, it } from "vitest";

import { csvField, toCsv } from "#app/domain/shared/csv.ts";

describe("the shared CSV writer", () => {
  it("quotes commas, quotes and line breaks as RFC 4180 says", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a, b")).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("puts an apostrophe before text that a spreadsheet would run as a formula", () => {
    expect(csvField('=HYPERLINK("https://evil.example","Click")')).toBe(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
    expect(csvField("+1 Main St")).toBe("'+1 Main St");
    expect(csvField("-1+cmd|' /C calc'!A0")).toBe("'-1+cmd|' /C calc'!A0");
    expect(csvField("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(csvField("\t=1+1")).toBe("'\t=1+1");
    expect(csvField("\r=1+1")).toBe(`"'\r=1+1"`);
    expect(csvField("\0=1+1")).toBe("'\0=1+1");
  });

  it("treats numeric-looking text as text, and leaves only real numbers bare", () => {
    expect(csvField("-3.1% vs last month")).toBe("'-3.1% vs last month");
    expect(csvField("-5")).toBe("'-5");
    expect(csvField(-5)).toBe("-5");
    expect(csvField(1234.5)).toBe("1234.5");
    expect(csvField(Number.NaN)).toBe("");
    expect(csvField(Number.POSITIVE_INFINITY)).toBe("");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("joins rows with CRLF and ends the file with one", () => {
    expect(
      toCsv([
        ["Address", "Value"],
        ["=1+1", 3],
      ]),
    ).toBe("Address,Value\r\n'=1+1,3\r\n");
  });
});
