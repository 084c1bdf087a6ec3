/**
 * The street-view picture for cards and dialogs. With a Google key: the Street View Static API with the spec's
 * constants (search radius 50 m, heading 34, pitch 10). Without one (the local default): no image, and the card
 * shows its own clean placeholder with the coordinates and an OpenStreetMap link, so nothing reaches the network.
 */
export const STREET_VIEW = { radiusMeters: 50, heading: 34, pitch: 10, defaultHeightPx: 300 } as const;

export type MapsConfig = { provider: "local" } | { provider: "google"; apiKey: string };

export type Place = { latitude?: number | null; longitude?: number | null; address?: string | null };

export interface MapsProvider {
  readonly name: "local" | "google";
  streetViewUrl(place: Place, size?: { width: number; height: number }): string | null;
  /** A link a person can open to see the place on a map (keyless). */
  mapLink(place: Place): string | null;
}

function hasCoordinates(place: Place): place is Place & { latitude: number; longitude: number } {
  return typeof place.latitude === "number" && typeof place.longitude === "number";
}

/** A keyless OpenStreetMap link for a place (safe on the client: no key, no network until clicked). */
export function openStreetMapLink(place: Place): string | null {
  if (hasCoordinates(place)) {
    return `https://www.openstreetmap.org/?mlat=${place.latitude}&mlon=${place.longitude}#map=17/${place.latitude}/${place.longitude}`;
  }
  return place.address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(place.address)}` : null;
}

export function createMaps(config: MapsConfig): MapsProvider {
  if (config.provider === "local") {
    return { name: "local", streetViewUrl: () => null, mapLink: openStreetMapLink };
  }
  return {
    name: "google",
    mapLink: openStreetMapLink,
    streetViewUrl(place, size = { width: 640, height: STREET_VIEW.defaultHeightPx }) {
      const location = hasCoordinates(place) ? `${place.latitude},${place.longitude}` : place.address;
      if (!location) return null;
      const params = new URLSearchParams({
        size: `${size.width}x${size.height}`,
        location,
        radius: String(STREET_VIEW.radiusMeters),
        heading: String(STREET_VIEW.heading),
        pitch: String(STREET_VIEW.pitch),
        source: "outdoor",
        key: config.apiKey,
      });
      return `https://maps.googleapis.com/maps/api/streetview?${params}`;
    },
  };
}
