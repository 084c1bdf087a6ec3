/**
 * Which of some places are in the user's CRM already, and with which status (the chat's cards kept "Add to
 * CRM" for a lead already saved or Offer Sent). Places compare as createProperty's duplicate check does: address and
 * city case- and space-insensitively, state upper-cased — keyed by domain/chat's crmKey.
 */
import { and, eq, inArray, sql } from "drizzle-orm";

import { properties } from "#db/schema.ts";
import { crmKey } from "#app/domain/chat/messages.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

type Place = { address: string; city?: string | null; state?: string | null };

/** At most this many addresses in one lookup (D1 binds at most 100 parameters a statement). */
const MAX_PLACES = 90;

/** crmKey(place) → the CRM status of the user's property there, for the places that are in the CRM. */
export async function crmStatusesOf(context: ServiceContext<"db">, userId: string, places: Place[]): Promise<Map<string, string>> {
  const { db } = context;
  const addresses = [...new Set(places.map((place) => place.address.trim().toLowerCase()).filter(Boolean))].slice(0, MAX_PLACES);
  if (addresses.length === 0) return new Map();
  const rows = await db
    .select({ address: properties.address, city: properties.city, state: properties.state, status: properties.status })
    .from(properties)
    .where(and(eq(properties.userId, userId), inArray(sql`lower(trim(${properties.address}))`, addresses)));
  return new Map(rows.map((row) => [crmKey(row), row.status]));
}
