import type { SellerType } from "../../../db/enums";

/** Either a set of ZIPs or a city in a state. */
export type SearchLocation = { zips: string[] } | { city: string; state: string };

export type SellerSearch = {
  location: SearchLocation;
  sellerType: SellerType;
  minBedrooms?: number;
  minPrice?: number;
  maxPrice?: number;
};

export type OwnerContact = {
  name: string;
  isIndividual: boolean;
  mailingAddress: string;
  phones: { number: string; type: string; dnc: boolean }[];
  emails: string[];
};

/** One property a search found, with its owner; the workbench's lead queue is made of these. */
export type SellerLead = {
  id: string;
  apn: string;
  addressLine: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  propertyType: string;
  bedrooms: number;
  bathrooms: number;
  squareFeet: number;
  yearBuilt: number;
  estimatedValue: number;
  equityBalance: number;
  equityPct: number;
  lastSalePrice: number;
  lastSaleDate: string;
  flags: SellerType[];
  owner: OwnerContact;
};

/** Off-market property and owner data (the local market, or a vendor such as BatchData). */
export interface PropertyDataProvider {
  readonly name: "local";
  countSellerLeads(search: SellerSearch): Promise<number>;
  searchSellerLeads(search: SellerSearch, page: { take: number; skip?: number }): Promise<SellerLead[]>;
}
