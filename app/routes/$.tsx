import type { MetaFunction } from "@remix-run/cloudflare";

import { NotFound } from "#app/components/shell/not-found.tsx";

/** Any path no other route claims: the "404 Page Not Found" screen with status 404. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "404 Page Not Found — Breeze" }];

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
