/** What a refused reservation says: which cap, in the user's words, and when it opens again. */
import { USAGE_KIND_LABELS, type UsageKind } from "./kinds.ts";
import { retryWords } from "./refusal-toast.ts";
import { formatCostCents } from "./usage-money.ts";
import { secondsUntilWindowEnds, type UsageWindow } from "./windows.ts";

const WINDOW_WORDS: Record<UsageWindow, string> = { minute: "a minute", day: "a day", month: "a month" };

/** The 429 of a workspace window that is full for the kind. */
export function limitMessage(kind: UsageKind, max: number, span: UsageWindow, now: Date): string {
  const label = USAGE_KIND_LABELS[kind];
  const retry = retryWords(secondsUntilWindowEnds(span, now));
  return `You have reached your limit of ${max} ${max === 1 ? label.one : label.many} ${WINDOW_WORDS[span]}. Try again in ${retry}.`;
}

/** The 429 of a member's own window, which the owner set. */
export function memberLimitMessage(kind: UsageKind, max: number, span: UsageWindow, now: Date): string {
  const label = USAGE_KIND_LABELS[kind];
  const retry = retryWords(secondsUntilWindowEnds(span, now));
  return `You have reached your member limit of ${max} ${max === 1 ? label.one : label.many} ${WINDOW_WORDS[span]}, set by the workspace's owner. Try again in ${retry}.`;
}

/** The 402 of the workspace's monthly spending cap. */
export function spendMessage(capCents: number, usedCents: number): string {
  return `This would pass your monthly spending cap of ${formatCostCents(capCents)} (${formatCostCents(usedCents)} used this month). Raise the cap in Profile → Usage to continue.`;
}

/** The 402 of a member's own monthly spending cap, which only the owner raises. */
export function memberSpendMessage(capCents: number, usedCents: number): string {
  return `This would pass your member monthly spending cap of ${formatCostCents(capCents)} (${formatCostCents(usedCents)} used this month). Ask the workspace's owner to raise it on Team.`;
}
