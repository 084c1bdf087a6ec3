/**
 * Who owns the synthetic market: the owner kinds and their shares of properties, portfolio sizes, where owners live
 * (their mailing address decides absentee and out-of-state), and their fictional contact details.
 */
import type { OwnerPhone } from "#db/schema.ts";

import { OUT_OF_STATE_MAILING_CITIES } from "./metros.ts";
import { companyName, emailSlug, officeAddress, personalTrustName, personName, streetAddress } from "./names.ts";
import type { Rng } from "./random.ts";
import { pickZip, type MetroZips, type ZipIndex } from "./zip-index.ts";

/**
 * occupant: an individual living in the home; landlord: an individual renting homes out; heir: an individual who
 * inherited the home; company: LLCs and the like (some are investors with 3–40 homes); trust: a family trust.
 */
export type OwnerKind = "occupant" | "landlord" | "heir" | "company" | "trust";

/**
 * Shares of the market's properties (not of owners). Together with the heirs and trusts who live in their homes this
 * gives about 65 % owner-occupied individuals, 20 % individual landlords and 12 % companies.
 */
export const OWNER_PROPERTY_SHARES: readonly (readonly [OwnerKind, number])[] = [
  ["occupant", 0.63],
  ["landlord", 0.18],
  ["heir", 0.04],
  ["company", 0.12],
  ["trust", 0.03],
];

/** occupies: mailing address is (the first of) the owner's properties; the others are elsewhere. */
export type Residence = "occupies" | "same-metro" | "other-metro" | "out-of-state";

export type OwnerIdentity = {
  fullName: string;
  firstName: string | null;
  lastName: string | null;
  isIndividual: boolean;
};

export type Mailing = {
  mailingStreet: string;
  mailingCity: string;
  mailingState: string;
  mailingZip: string;
  /** Area codes where the owner lives, for their phones. */
  areaCodes: readonly string[];
};

export function planPortfolioSize(rng: Rng, kind: OwnerKind): number {
  switch (kind) {
    case "occupant":
    case "heir":
      return 1;
    case "landlord":
      return rng.weighted([
        [1, 60],
        [2, 25],
        [3, 10],
        [4, 5],
      ]);
    case "trust":
      return rng.weighted([
        [1, 75],
        [2, 25],
      ]);
    case "company": {
      const draw = rng.next();
      if (draw < 0.45) return 1;
      if (draw < 0.65) return 2;
      // Investors: a long tail from 3 up to 40 homes.
      return Math.min(40, 3 + Math.floor(-Math.log(1 - rng.next()) * 6));
    }
  }
}

export function planResidence(rng: Rng, kind: OwnerKind): Residence {
  switch (kind) {
    case "occupant":
      return "occupies";
    case "landlord":
      return rng.weighted([
        ["same-metro", 70],
        ["out-of-state", 30],
      ]);
    case "heir":
      return rng.weighted([
        ["occupies", 45],
        ["same-metro", 27],
        ["out-of-state", 28],
      ]);
    case "company":
      return rng.weighted([
        ["same-metro", 60],
        ["other-metro", 25],
        ["out-of-state", 15],
      ]);
    case "trust":
      return rng.weighted([
        ["occupies", 70],
        ["same-metro", 30],
      ]);
  }
}

export function ownerIdentity(rng: Rng, kind: OwnerKind): OwnerIdentity {
  switch (kind) {
    case "company":
      return { fullName: companyName(rng), firstName: null, lastName: null, isIndividual: false };
    case "trust":
      return { fullName: personalTrustName(rng), firstName: null, lastName: null, isIndividual: false };
    default: {
      const name = personName(rng);
      return { ...name, isIndividual: true };
    }
  }
}

/** The owner's own address when it is not one of their properties. */
export function mailingElsewhere(rng: Rng, index: ZipIndex, home: MetroZips, residence: Residence, kind: OwnerKind): Mailing {
  const street = (): string => {
    if (kind === "company") return rng.chance(0.15) ? `PO Box ${rng.int(100, 99999)}` : officeAddress(rng);
    return rng.chance(0.05) ? `PO Box ${rng.int(100, 9999)}` : streetAddress(rng);
  };
  if (residence === "out-of-state") {
    const otherStates = index.metros.filter((group) => group.metro.state !== home.metro.state);
    if (otherStates.length === 0 || rng.chance(0.6)) {
      const city = rng.pick(OUT_OF_STATE_MAILING_CITIES);
      return {
        mailingStreet: street(),
        mailingCity: city.city,
        mailingState: city.state,
        mailingZip: city.zip,
        areaCodes: [city.areaCode],
      };
    }
    return mailingInMetro(street(), rng.pick(otherStates), rng);
  }
  const group = residence === "other-metro" && index.metros.length > 1 ? rng.pick(index.metros.filter((g) => g !== home)) : home;
  return mailingInMetro(street(), group, rng);
}

/** An owner-occupant's mailing address is the property's own address, character for character. */
export function mailingAtProperty(property: { address: string; city: string; state: string; zip: string }, home: MetroZips): Mailing {
  return {
    mailingStreet: property.address,
    mailingCity: property.city,
    mailingState: property.state,
    mailingZip: property.zip,
    areaCodes: home.metro.areaCodes,
  };
}

/**
 * 1–3 phones in E.164 with the fictional exchange 555-0100…0199 (the only 555 numbers reserved for fiction), under a
 * real area code of where the owner lives. About 15 % are on the do-not-call registry.
 */
export function ownerPhones(rng: Rng, areaCodes: readonly string[], kind: OwnerKind): OwnerPhone[] {
  const count =
    kind === "company"
      ? rng.weighted([
          [1, 70],
          [2, 30],
        ])
      : rng.weighted([
          [1, 50],
          [2, 35],
          [3, 15],
        ]);
  const phones: OwnerPhone[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; phones.length < count && attempt < 10; attempt++) {
    const number = `+1${rng.pick(areaCodes)}55501${String(rng.int(0, 99)).padStart(2, "0")}`;
    if (seen.has(number)) continue;
    seen.add(number);
    const landlineShare = kind === "company" ? 0.5 : 0.3;
    phones.push({ number, type: rng.chance(landlineShare) ? "landline" : "mobile", dnc: rng.chance(0.15) });
  }
  return phones;
}

/** Emails only at the reserved example.com / example.net domains (RFC 2606): about 60 % of individuals have one. */
export function ownerEmails(rng: Rng, identity: OwnerIdentity): string[] {
  if (identity.isIndividual && identity.firstName && identity.lastName) {
    if (!rng.chance(0.6)) return [];
    const first = emailSlug(identity.firstName);
    const last = emailSlug(identity.lastName);
    const emails = [`${first}.${last}${rng.int(1, 99)}@example.com`];
    if (rng.chance(0.3)) emails.push(`${first.charAt(0)}${last}${rng.int(10, 999)}@example.net`);
    return emails;
  }
  return rng.chance(0.35) ? [`info.${emailSlug(identity.fullName)}@example.net`] : [];
}

function mailingInMetro(street: string, group: MetroZips, rng: Rng): Mailing {
  const zip = pickZip(rng, group);
  return {
    mailingStreet: street,
    mailingCity: zip.city,
    mailingState: zip.state,
    mailingZip: zip.zip,
    areaCodes: group.metro.areaCodes,
  };
}
