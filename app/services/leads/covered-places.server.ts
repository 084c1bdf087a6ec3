/** The wizard's location suggestions: the provider's covered places narrowed to what was typed (none for a nationwide provider). */
import { matchPlaces, type CoveredPlace } from "#app/domain/leads/covered-places.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export async function coveredPlaces(context: ServiceContext<"providers">, typed: string): Promise<CoveredPlace[]> {
  const provider = context.providers.propertyData;
  if (!provider.coverage) return [];
  // Suggestions are a help: a failed read leaves the field without them rather than failing the page.
  return provider
    .coverage()
    .then((coverage) => matchPlaces(coverage, typed))
    .catch(() => []);
}
