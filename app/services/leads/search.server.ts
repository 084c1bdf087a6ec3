/**
 * Seller-lead and cash-buyer search through the property-data provider: the preview count and the
 * shared helpers here, the searches in seller-search and cash-buyer-search. Every search is recorded in lead_requests, every lead handed out recorded in lead_deliveries (unique per user and lead),
 * and each search's place in the market kept in skip_mapping.
 *
 * - A seller search continues where the same search (same place, type and bounds) last stopped, and never hands a
 *   user a lead they already received from any search: deliveries are claimed with INSERT … ON CONFLICT DO NOTHING
 *   RETURNING, so of two identical searches at once each lead goes to one, and the other reads on.
 * - A cash-buyer search repeats by the spec: the same location, buyer type and quick lists → skip + 5; a changed search
 *   → 0. The skip is advanced in SQL (one upsert … RETURNING), so two identical searches at once get two pages.
 */
import { PREVIEW_FAILED, type CashBuyerSearchInput, type PreviewCountInput, type SellerCriteria } from "#app/domain/leads/search.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import type { BuyerSearch, SellerSearch } from "#app/providers/property-data/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export type Failure = { ok: false; status: number; message: string; error: string };

/** Provider pages a seller search reads at most before answering with what it has. */
export const MAX_SEARCH_ROUNDS = 8;

const ERROR_TEXT_MAX = 500;

/** What the user may read of a provider failure: a ProviderError says what went wrong; anything else stays inside. */
export function errorText(error: unknown): string {
  return error instanceof ProviderError ? error.message : "The property data service did not answer. Please try again.";
}

export function logged(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_MAX);
}

export function sellerSearchOf(criteria: SellerCriteria): SellerSearch {
  return {
    location: criteria.location.search,
    sellerType: criteria.sellerType,
    minBedrooms: criteria.minBedrooms,
    minPrice: criteria.minPrice,
    maxPrice: criteria.maxPrice,
  };
}

export function buyerSearchOf(criteria: CashBuyerSearchInput["criteria"]): BuyerSearch {
  return {
    location: criteria.location.search,
    buyerType: criteria.buyerType,
    quickLists: criteria.quickLists,
    minProperties: criteria.minProperties,
  };
}

// --- POST /api/leads/preview-count ------------------------------------------------------------------------------

/** How many sellers (properties) or buyers (owners) a search would find; writes nothing. */
export async function previewCount(
  context: ServiceContext<"db" | "now" | "providers">,
  input: PreviewCountInput,
): Promise<{ ok: true; totalResults: number; location: string } | Failure> {
  const provider = context.providers.propertyData;
  try {
    const totalResults =
      input.kind === "seller"
        ? await provider.countSellerLeads(sellerSearchOf(input.criteria))
        : await provider.countCashBuyers(buyerSearchOf(input.criteria));
    return { ok: true, totalResults, location: input.criteria.location.label };
  } catch (error) {
    return { ok: false, status: 502, message: PREVIEW_FAILED, error: errorText(error) };
  }
}
