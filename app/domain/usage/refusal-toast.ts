/**
 * A cap refusal as the user sees it with JavaScript (refusals are "shown as toasts"): 429 past a rate cap or
 * a concurrency place, 402 past the monthly spend cap, with when to try again in words. Without JavaScript the page
 * shows the same message in its form (the refusing action answers the page).
 */

export const RATE_LIMIT_TITLE = "Usage limit reached";
export const SPEND_CAP_TITLE = "Spending cap reached";

export type CapRefusalView = { status?: number; message: string; retryAfterSeconds?: number };

/** "45 seconds", "3 minutes", "5 hours", "2 days": a Retry-After in words. */
export function retryWords(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.ceil(hours / 24)} days`;
}

export function isCapRefusal(status: number | undefined): status is 402 | 429 {
  return status === 402 || status === 429;
}

/**
 * The toast of a 429/402 refusal, or null for any other answer. A 429's Retry-After is said in words unless the
 * message already says when (the rate caps' own messages do); a 402 lasts until the user raises the cap, so its
 * message (which says how) stands alone.
 */
export function capRefusalToast(refusal: CapRefusalView): { title: string; description: string; variant: "error" } | null {
  if (!isCapRefusal(refusal.status)) return null;
  if (refusal.status === 402) return { title: SPEND_CAP_TITLE, description: refusal.message, variant: "error" };
  const when =
    refusal.retryAfterSeconds !== undefined && !/try again in/i.test(refusal.message)
      ? ` Try again in ${retryWords(refusal.retryAfterSeconds)}.`
      : "";
  return { title: RATE_LIMIT_TITLE, description: `${refusal.message}${when}`, variant: "error" };
}

/** A response's Retry-After in seconds (a number of seconds, as the caps send it), if it has one. */
export function retryAfterOf(headers: Headers): number | undefined {
  const seconds = Number(headers.get("Retry-After") ?? Number.NaN);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
}
