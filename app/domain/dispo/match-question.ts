/**
 * "Who should I send 123 Main St to?": the question Buyer Breeze answers from the matching service, and its answer
 * in words (the best matched buyers with their reasons, and where to email them).
 */
import type { Match } from "./matching.ts";

const QUESTION = /\bwho\s+(?:should|could|can|do|would)\s+i\s+(?:send|sell|pitch|offer|assign|blast|email)\s+(.+?)\s+to\b/i;

/** The address the question names, or null when the message is not that question. */
export function matchQuestionAddress(message: string): string | null {
  const address = QUESTION.exec(message)?.[1]
    ?.trim()
    .replace(/^(?:the\s+deal\s+(?:at|on)\s+|the\s+)/i, "")
    .replace(/[?.!,]+$/, "");
  return address && address.length >= 3 && address.length <= 120 ? address : null;
}

/** How many buyers the answer names. */
export const ANSWER_BUYERS = 5;

export function matchAnswerText({
  address,
  dealId,
  matches,
}: {
  address: string;
  dealId: string | null;
  matches: readonly Match[];
}): string {
  if (dealId === null)
    return `I couldn't find a deal for ${address} in your pipeline. Add it as a deal and put it under contract, and I'll match it to your buyers.`;
  const best = matches.filter((match) => match.buyerId !== null).slice(0, ANSWER_BUYERS);
  if (best.length === 0)
    return `None of your buyers match ${address} yet. Add buyers whose markets name its city or ZIP on your buyer list (/buyers).`;
  const lines = best.map((match, i) => `${i + 1}. ${match.name}${match.company ? ` (${match.company})` : ""}: ${match.reasons.join("; ")}`);
  const emailable = best.filter((match) => match.mayEmail).length;
  return [
    `Send ${address} to these buyers first:`,
    ...lines,
    `${emailable} of them agreed to email. Email the deal to them at /deals/${dealId}/blast.`,
  ].join("\n");
}
