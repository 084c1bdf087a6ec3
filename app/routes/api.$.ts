import { apiError } from "#app/services/http/api.server.ts";

/** Unknown /api paths answer JSON, never the HTML 404 page. */
export function loader() {
  return apiError(404, "Not found");
}

export function action() {
  return apiError(404, "Not found");
}
