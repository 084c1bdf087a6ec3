/**
 * Saved searches: a named seller or cash-buyer wizard search a user can run again, and a seller search
 * can run daily from the Worker's cron (docs/decisions/085-saved-searches.md).
 */
import { z } from "zod";

import { EMPTY_ANSWERS, WIZARD_FIELDS, type WizardAnswers, type WizardKind } from "#app/domain/chat/wizard.ts";
import { plainText } from "#app/domain/shared/text.ts";

import { SAVED_SEARCH_NAME_MAX } from "./saved-search-words.ts";

export { SAVED_SEARCH_NAME_MAX };

/** How many due searches one cron run works through (a Worker's CPU and subrequest limits), stalest first. */
export const SAVED_SEARCHES_PER_CRON = 10;
/** A daily search is due again this long after its last run (under a day, so the daily cron's drift never skips one). */
export const DAILY_RUN_GAP_MS = 20 * 60 * 60 * 1000;

/** How many searches a user may keep, and how many of them may run daily (the cron's share is per user). */
export const SAVED_SEARCHES_MAX = 25;
export const DAILY_SEARCHES_MAX = 10;
export const SAVED_SEARCHES_FULL = `You have ${SAVED_SEARCHES_MAX} saved searches, the most you can keep. Delete one to save another.`;
export const DAILY_SEARCHES_FULL = `${DAILY_SEARCHES_MAX} of your searches already run daily, the most that can. Turn one off first.`;

export const NAME_REQUIRED = "Name the search";
export const NAME_TOO_LONG = `A name is at most ${SAVED_SEARCH_NAME_MAX} characters`;
export const NAME_TAKEN = "You already have a saved search with this name";
export const SAVED_SEARCH_NOT_FOUND = "Saved search not found";

/** The fields of the wizard's Save search form beside the answers: its name and which wizard it came from. */
export const SaveSearchSchema = z.object({
  wizard: z.enum(["seller", "buyer"], { error: "Choose a wizard" }),
  name: plainText(
    z.string({ error: NAME_REQUIRED }).trim().min(1, { error: NAME_REQUIRED }).max(SAVED_SEARCH_NAME_MAX, { error: NAME_TOO_LONG }),
    "The name",
  ),
});

/** Edit on the Saved Searches page: the search, its new name; the answers are read and judged by the wizard's rules. */
export const EditSavedSearchSchema = z.object({
  intent: z.literal("edit"),
  id: z.string().min(1).max(64),
  name: SaveSearchSchema.shape.name,
});

/** Run now, Daily on/off and Delete on the Saved Searches page. */
export const SavedSearchActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("run"), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("daily"), id: z.string().min(1).max(64), daily: z.enum(["on", "off"]) }),
]);
export type SavedSearchAction = z.infer<typeof SavedSearchActionSchema>;

/** One saved search as its page lists it. */
export type SavedSearchRow = {
  id: string;
  name: string;
  kind: WizardKind;
  answers: WizardAnswers;
  daily: boolean;
  lastRunAt: string | null;
  lastRunNote: string | null;
  leadsDelivered: number;
  costCents: number;
};

/**
 * The answers stored in criteria_json, read back as wizard answers (anything else in the JSON is ignored); an answer a
 * search saved before the wizard asked it takes the wizard's default.
 */
export function storedAnswers(json: Record<string, unknown>): WizardAnswers {
  const answers = { ...EMPTY_ANSWERS };
  for (const field of WIZARD_FIELDS) {
    const value = json[field];
    if (typeof value === "string") answers[field] = value;
  }
  return answers;
}

/** The chat wizard opened at its last step with a saved search's answers (a buyer search's Run now, and Edit). */
export function wizardHref(kind: WizardKind, answers: WizardAnswers): string {
  const params = new URLSearchParams({ section: "chat", agent: "lead-finder", wizard: kind, at: kind === "seller" ? "3" : "2" });
  for (const field of WIZARD_FIELDS) if (answers[field] !== "") params.set(field, answers[field]);
  return `/?${params.toString()}`;
}
