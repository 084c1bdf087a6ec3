/** Seller types exactly as the spec (and BatchData's quick lists) write them (spec 02 §9). */
export const SELLER_TYPES = [
  "preforeclosure",
  "out-of-state-absentee-owner",
  "high_equity",
  "inherited",
  "corporate-owned",
  "tired-landlord",
] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

/** The market property's flag field behind each seller type (definitions in db/market/flags.ts). */
export const SELLER_TYPE_FLAG = {
  preforeclosure: "isPreforeclosure",
  "out-of-state-absentee-owner": "isOutOfStateAbsentee",
  high_equity: "isHighEquity",
  inherited: "isInherited",
  "corporate-owned": "isCorporateOwned",
  "tired-landlord": "isTiredLandlord",
} as const satisfies Record<SellerType, string>;

export function isSellerType(value: string): value is SellerType {
  return (SELLER_TYPES as readonly string[]).includes(value);
}
