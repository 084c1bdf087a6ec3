import { describe, expect, it } from "vitest";

import { inAppHref, type ClickedAnchor, type ClickModifiers } from "#app/components/crm/link-clicks.ts";

const ORIGIN = "https://breeze.example";
const PLAIN: ClickModifiers = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };

function anchor(href: string, attributes: Record<string, string> = {}): ClickedAnchor {
  return { href, target: attributes.target ?? "", hasAttribute: (name) => name in attributes };
}

describe("delegated link clicks", () => {
  it("navigates in the app on a plain left click on a link to this origin", () => {
    expect(inAppHref(PLAIN, anchor(`${ORIGIN}/?section=crm&lead=abc`), ORIGIN)).toBe("/?section=crm&lead=abc");
    expect(inAppHref(PLAIN, anchor(`${ORIGIN}/profile#company`, { target: "_self" }), ORIGIN)).toBe("/profile#company");
  });

  it("leaves modifier clicks, other buttons and handled clicks to the browser", () => {
    const link = anchor(`${ORIGIN}/?section=crm&lead=abc`);
    for (const modifier of ["metaKey", "ctrlKey", "shiftKey", "altKey", "defaultPrevented"] as const) {
      expect(inAppHref({ ...PLAIN, [modifier]: true }, link, ORIGIN)).toBeNull();
    }
    expect(inAppHref({ ...PLAIN, button: 1 }, link, ORIGIN)).toBeNull();
    expect(inAppHref({ ...PLAIN, button: 2 }, link, ORIGIN)).toBeNull();
  });

  it("leaves other tabs, downloads, other origins and clicks outside a link to the browser", () => {
    expect(inAppHref(PLAIN, anchor(`${ORIGIN}/faq`, { target: "_blank" }), ORIGIN)).toBeNull();
    expect(inAppHref(PLAIN, anchor(`${ORIGIN}/crm/export.csv`, { download: "" }), ORIGIN)).toBeNull();
    expect(inAppHref(PLAIN, anchor("https://www.openstreetmap.org/"), ORIGIN)).toBeNull();
    expect(inAppHref(PLAIN, anchor("mailto:support@breeze.example"), ORIGIN)).toBeNull();
    expect(inAppHref(PLAIN, null, ORIGIN)).toBeNull();
  });
});
