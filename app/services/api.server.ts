/** The /api failure body: `{ success: false, message, errors? }` with a 4xx status (architecture.md, /api conventions). */
export function apiError(status: number, message: string, errors?: Record<string, string[]>) {
  return Response.json({ success: false, message, ...(errors ? { errors } : {}) }, { status, headers: { "Cache-Control": "no-store" } });
}
