// A blast's provider batches and their idempotency keys, and its email: rows taken over from one lapsed claim are cut
// as that claim's holder cut them (so each batch and its key come out the same again), a batch's key is its buyers'
// and generations', and the email is the same for the same deal, sender and links, linking the deal's page.
import { describe, expect, it } from "vitest";

import { blastEmail } from "#app/domain/dispo/blast-email.ts";
import { blastBatches, blastBatchKey } from "#app/domain/dispo/blast.ts";

const row = (buyerId: string, round = 1) => ({ buyerId, round });

describe("blastBatches", () => {
  it("cuts each lapsed claim's rows by buyer id, as its holder did, and the fresh rows after", () => {
    const dead = ["d", "a", "c", "b", "e"].map((id) => row(id));
    const fresh = [row("z"), row("y")];
    const previous = new Map(dead.map((one) => [one.buyerId, "dead-claim"]));
    const batches = blastBatches([fresh[0]!, ...dead, fresh[1]!], (one) => previous.get(one.buyerId) ?? null, 2);
    expect(batches.map((batch) => batch.map((one) => one.buyerId))).toEqual([["a", "b"], ["c", "d"], ["e"], ["y", "z"]]);
    // The dead holder's own cut of the same rows (all fresh to it).
    expect(blastBatches(dead, () => null, 2)).toEqual(batches.slice(0, 3));
  });
});

describe("blastBatchKey", () => {
  it("is the deal and the batch's buyers with their generations, in any order, within Resend's 256 characters", () => {
    const key = blastBatchKey("deal-1", [row("b"), row("a")]);
    expect(key).toMatch(/^deal-blast\/deal-1\/[A-Za-z0-9_-]{43}$/);
    expect(blastBatchKey("deal-1", [row("a"), row("b")])).toBe(key);
    expect(blastBatchKey("deal-1", [row("a"), row("b", 2)])).not.toBe(key);
    expect(blastBatchKey("deal-1", [row("a")])).not.toBe(key);
    expect(blastBatchKey("deal-2", [row("a"), row("b")])).not.toBe(key);
    expect(blastBatchKey("d".repeat(64), [row("a")]).length).toBeLessThanOrEqual(256);
  });
});

describe("blastEmail", () => {
  const deal = {
    city: "Phoenix",
    state: "AZ",
    zip: "85019",
    bedrooms: 3,
    bathrooms: 2,
    squareFeet: 1_450,
    yearBuilt: 1978,
    asking: 265_000,
    closeDate: new Date("2027-01-15T00:00:00Z"),
  };
  const sender = { companyName: "Quinn & Sons <Homes>", email: "q@quinn.example", phone: null, postalAddress: "100 W Washington St" };
  const links = { dealUrl: "https://breeze.example/d/abc", unsubscribeUrl: "https://breeze.example/unsubscribe/xyz" };

  it("links the deal's page in the text and the HTML (escaped), with the one-click unsubscribe; the same input, the same email", () => {
    const email = blastEmail(deal, sender, links);
    expect(email.text).toContain("See the deal and make an offer: https://breeze.example/d/abc");
    expect(email.html).toContain('See the deal and make an offer: <a href="https://breeze.example/d/abc">https://breeze.example/d/abc</a>');
    expect(email.html).toContain("Quinn &amp; Sons &lt;Homes&gt; has a property under contract in Phoenix, AZ 85019.");
    expect(email.html).not.toContain("<Homes>");
    expect(email.headers).toEqual({
      "List-Unsubscribe": "<https://breeze.example/unsubscribe/xyz>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(blastEmail(deal, sender, links)).toEqual(email);
  });
});
