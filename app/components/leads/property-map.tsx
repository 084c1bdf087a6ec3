import { openStreetMapLink, STREET_VIEW, type Place } from "#app/providers/maps/index.ts";

/**
 * The picture at the top of a lead card or dialog (default height 300 px, width 100 %). With a street-view
 * URL (the Google maps provider, computed on the server) it shows that image; otherwise — the keyless default — a
 * clean placeholder with the coordinates and an OpenStreetMap link, so nothing loads from the network and no image
 * is ever broken.
 */
export function PropertyMap({ place, streetViewUrl, label }: { place: Place; streetViewUrl?: string | null; label: string }) {
  const link = openStreetMapLink(place);
  const height = { height: `${STREET_VIEW.defaultHeightPx}px` };
  if (streetViewUrl) {
    return (
      <img
        src={streetViewUrl}
        alt={`Street view of ${label}`}
        loading="lazy"
        decoding="async"
        className="w-full rounded-lg bg-slate-100 object-cover"
        style={height}
      />
    );
  }
  const coordinates =
    typeof place.latitude === "number" && typeof place.longitude === "number"
      ? `${place.latitude.toFixed(5)}, ${place.longitude.toFixed(5)}`
      : null;
  return (
    <figure
      className="flex w-full flex-col items-center justify-center gap-1 rounded-lg bg-gradient-to-br from-sky-50 to-emerald-50 text-center text-sm text-slate-600"
      style={height}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 text-brand-700" fill="currentColor">
        <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
      </svg>
      <figcaption>
        <span className="block font-medium text-slate-800">{label}</span>
        {coordinates ? <span className="block">{coordinates}</span> : null}
        {link ? (
          <a href={link} target="_blank" rel="noreferrer" className="font-medium text-brand-800 underline">
            View on map
          </a>
        ) : null}
      </figcaption>
    </figure>
  );
}
