/**
 * The figures in the seller-type and buyer-type definitions (the spec, modelled on BatchData's quick lists): when
 * equity is high, a landlord tired or active, an owner a cash buyer or a flipper. Product concepts, read by the local
 * market generator that stores the flags (db/market/flags.ts writes each definition out) and by the real BatchData
 * client that asks a vendor for them (app/providers/property-data/batchdata-mapping.ts). No imports, as db/enums.ts:
 * every layer may read it (docs/decisions/071-house-layout.md).
 */

/** High equity: equity balance at least this percent of the estimated value. */
export const HIGH_EQUITY_PERCENT = 50;
/** Tired landlord: an absentee owner whose last transfer is at least this many full years old. */
export const TIRED_LANDLORD_YEARS = 10;
/** Cash buyers: this many to CASH_BUYER_MAX_PURCHASES properties bought without a mortgage. */
export const CASH_BUYER_MIN_PURCHASES = 3;
export const CASH_BUYER_MAX_PURCHASES = 100;
/** Active landlord: an absentee owner who bought this many to ACTIVE_LANDLORD_MAX_PURCHASES properties in the last ACTIVE_LANDLORD_YEARS years. */
export const ACTIVE_LANDLORD_MIN_PURCHASES = 6;
export const ACTIVE_LANDLORD_MAX_PURCHASES = 100;
export const ACTIVE_LANDLORD_YEARS = 3;
/** Fix and flip: a property bought and resold within this many calendar months. */
export const FLIP_MONTHS = 12;
