/**
 * The location field's suggestions as the user types: the server renders the first list (covered cities,
 * or ZIPs for digits) into a <datalist>, which the browser narrows by itself; with JavaScript, each pause in typing
 * asks GET /api/places for the places matching the text, so ZIPs and smaller cities come up too.
 */
import { useEffect, useRef, useState } from "react";

import type { CoveredPlace } from "#app/domain/leads/covered-places.ts";
import { isRecord } from "#app/domain/shared/guards.ts";

/** How long typing pauses before the suggestions are asked for. */
const LOOKUP_DELAY_MS = 200;

const isPlace = (value: unknown): value is CoveredPlace =>
  isRecord(value) && typeof value.value === "string" && typeof value.label === "string";

export function usePlaceSuggestions(initial: readonly CoveredPlace[], typed: string, enabled: boolean): readonly CoveredPlace[] {
  const [places, setPlaces] = useState(initial);
  // The server's list already answers the text the wizard opened with.
  const asked = useRef(typed);
  useEffect(() => {
    if (!enabled || typed === asked.current) return;
    asked.current = typed;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/places?q=${encodeURIComponent(typed)}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: unknown) => {
          if (isRecord(body) && Array.isArray(body.places)) setPlaces(body.places.filter(isPlace));
        })
        // Suggestions are a help: a failed lookup keeps the last list.
        .catch(() => undefined);
    }, LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, enabled]);
  return places;
}
