/**
 * Fake names and street addresses for the synthetic market. Every list is fixed and every choice goes through the
 * seeded Rng, so the same seed gives the same people. Company and trust names follow the patterns of real recorder
 * data ("Sunbelt Holdings LLC", "The Rivera Family Trust") so the corporate-owned rule in flags.ts can read them.
 */
import type { Rng } from "./random.ts";

// prettier-ignore
const FIRST_NAMES = [
  "James", "Maria", "Robert", "Linda", "Michael", "Patricia", "David", "Jennifer", "William", "Elizabeth",
  "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen", "Daniel", "Nancy",
  "Matthew", "Lisa", "Anthony", "Betty", "Mark", "Sandra", "Donald", "Ashley", "Steven", "Kimberly",
  "Andrew", "Emily", "Kenneth", "Donna", "Joshua", "Michelle", "Kevin", "Carol", "Brian", "Amanda",
  "George", "Melissa", "Jose", "Deborah", "Luis", "Rosa", "Carlos", "Ana", "Wei", "Mei",
  "Tyrone", "Keisha", "Andre", "Latoya", "Darnell", "Aaliyah", "Raj", "Priya", "Minh", "Linh",
] as const;

// prettier-ignore
const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
  "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
  "Patel", "Chen", "Kim", "Tran", "Washington", "Brooks", "Price", "Bennett", "Wood", "Foster",
] as const;

// prettier-ignore
const COMPANY_WORDS = [
  "Sunbelt", "Cardinal", "Copper Ridge", "Bluebird", "Keystone", "Granite", "Silver Oak", "Lakeshore", "Red Mesa",
  "Harbor", "Summit", "Ironwood", "Pioneer", "Magnolia", "Crescent", "Evergreen", "Blue Heron", "Desert Sky",
  "Northstar", "Liberty", "Heritage", "Prairie", "Riverbend", "Oak Hollow", "Brightside", "Westgate", "Anchor",
  "Falcon", "Horizon", "Cornerstone", "Maple Leaf", "Sterling", "Tidewater", "Cedar Point", "Golden Gate",
] as const;

// prettier-ignore
const COMPANY_NOUNS = [
  "Holdings", "Rentals", "Properties", "Homes", "Capital", "Investments", "Real Estate", "Residential",
  "Housing", "Ventures", "Asset Management", "Property Group", "Equity Partners",
] as const;

// "Land Trust" is a trust held for a company (title-holding vehicle); flags.ts counts it as corporate.
const COMPANY_SUFFIXES = [
  ["LLC", 55],
  ["Inc", 15],
  ["Corp", 8],
  ["LP", 8],
  ["Land Trust", 6],
  ["Series LLC", 8],
] as const;

// prettier-ignore
const STREET_NAMES = [
  "Maple", "Oak", "Cedar", "Pine", "Elm", "Willow", "Juniper", "Mesquite", "Magnolia", "Dogwood",
  "Sycamore", "Aspen", "Birch", "Cottonwood", "Hickory", "Walnut", "Chestnut", "Laurel", "Sage", "Sunset",
  "Highland", "Lakeview", "Ridge", "Meadow", "Park", "Church", "Mill", "Spring", "Valley", "Forest",
  "Hill", "River", "Washington", "Lincoln", "Jefferson", "Madison", "Franklin", "Jackson", "Adams", "Monroe",
  "Main", "Central", "Broadway", "Market", "Union", "Commerce", "Grand", "Orchard", "Vista", "Canyon",
  "Bluebonnet", "Palmetto", "Peachtree", "Magnolia Bend", "Desert Rose", "Harbor View", "Quail Run", "Fox Hollow",
] as const;

const STREET_SUFFIXES = [
  ["St", 20],
  ["Ave", 20],
  ["Dr", 18],
  ["Ln", 10],
  ["Rd", 10],
  ["Ct", 7],
  ["Way", 6],
  ["Blvd", 4],
  ["Pl", 3],
  ["Cir", 2],
] as const;

export type PersonName = { firstName: string; lastName: string; fullName: string };

export function personName(rng: Rng): PersonName {
  const firstName = rng.pick(FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  return { firstName, lastName, fullName: `${firstName} ${lastName}` };
}

export function companyName(rng: Rng): string {
  return `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_NOUNS)} ${rng.weighted(COMPANY_SUFFIXES)}`;
}

/** A personal trust: the family holds title through it (not a company; see flags.ts). */
export function personalTrustName(rng: Rng): string {
  const lastName = rng.pick(LAST_NAMES);
  if (rng.chance(0.6)) return `The ${lastName} Family Trust`;
  const firstName = rng.pick(FIRST_NAMES);
  return rng.chance(0.5) ? `${firstName} ${lastName} Living Trust` : `${firstName} ${lastName} Revocable Trust`;
}

/** "1234 W Maple Ave"; condos get a unit ("… Unit 210"). */
export function streetAddress(rng: Rng, options: { unit?: boolean } = {}): string {
  const number = rng.chance(0.7) ? rng.int(100, 9999) : rng.int(10000, 24999);
  const direction = rng.chance(0.4) ? `${rng.pick(["N", "S", "E", "W"] as const)} ` : "";
  const street = `${number} ${direction}${rng.pick(STREET_NAMES)} ${rng.weighted(STREET_SUFFIXES)}`;
  return options.unit ? `${street} Unit ${rng.int(1, 4)}${String(rng.int(1, 24)).padStart(2, "0")}` : street;
}

/** A company's office: a street address with a suite. */
export function officeAddress(rng: Rng): string {
  return `${streetAddress(rng)} Ste ${rng.int(1, 9) * 100 + rng.int(0, 40)}`;
}

/** Lower-case letters only, for the local part of an email address. */
export function emailSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");
}
