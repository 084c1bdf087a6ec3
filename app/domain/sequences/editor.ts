/**
 * The Sequences screen's form (ADR 075): the steps as posted (text, one `steps.{i}.{field}` input each, so the page
 * works without JavaScript), the button that was pressed, and what Add / Remove / Up / Down do to the unsaved draft.
 * Save and Preview check the draft with the step schemas; the other buttons only rearrange it.
 */
import { z } from "zod";

import {
  ActivityTypeSchema,
  DayNumberSchema,
  MAX_SEQUENCE_DAY,
  MAX_SEQUENCE_STEPS,
  SequenceStepsSchema,
  TemplateSchema,
} from "./step-schema.ts";
import { DEFAULT_SEQUENCE_STEPS, type SequenceStep } from "./steps.ts";
import { WITHOUT_OFFER_CHOICES, type WithoutOffer } from "./task-state.ts";
import { renderTemplate } from "./templates.ts";

/** A step as the form posts it, before it is checked; `mailAgain` is its checkbox ("on" when ticked, else ""). */
export type DraftStep = { dayNumber: string; activityType: string; template: string; mailAgain: string };
export type StepField = keyof DraftStep;

const STEP_FIELD = /^steps\.(\d{1,3})\.(dayNumber|activityType|template|mailAgain)$/;

/** The input name of one field of the step at `index` (also the key of its field errors). */
export function stepFieldName(index: number, field: StepField): string {
  return `steps.${index}.${field}`;
}

export function toDraft(steps: readonly SequenceStep[]): DraftStep[] {
  return steps.map((step) => ({
    dayNumber: String(step.dayNumber),
    activityType: step.activityType,
    template: step.template,
    mailAgain: step.mailAgain ? "on" : "",
  }));
}

export const DEFAULT_DRAFT: readonly DraftStep[] = toDraft(DEFAULT_SEQUENCE_STEPS);

/** The posted steps in the order of their indexes; a file where text goes reads as an empty field. */
export function readDraft(entries: Iterable<[string, unknown]>): DraftStep[] {
  const rows = new Map<number, DraftStep>();
  for (const [name, value] of entries) {
    const match = STEP_FIELD.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    const row = rows.get(index) ?? { dayNumber: "", activityType: "", template: "", mailAgain: "" };
    row[match[2] as StepField] = typeof value === "string" ? value : "";
    rows.set(index, row);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

/** "7" → 7; an empty field → undefined (the day is missing); anything else → NaN or a fraction the schema names. */
function dayOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

const DraftStepSchema = z
  .object({
    dayNumber: z.string().transform(dayOf).pipe(DayNumberSchema),
    activityType: ActivityTypeSchema,
    template: TemplateSchema,
    mailAgain: z.string().optional(),
  })
  // "Mail again" means something on a letter step only; a ticked box on another step is dropped.
  .transform(({ mailAgain, ...step }): SequenceStep =>
    mailAgain === "on" && step.activityType === "letter" ? { ...step, mailAgain: true } : step,
  );

/** A stable sort by day: steps of the same day keep the order they were given. */
const byDay = (steps: SequenceStep[]) => [...steps].sort((a, b) => a.dayNumber - b.dayNumber);

/** What Save and Preview accept: 1–20 valid steps, put in day order. Field errors are keyed by input name. */
export const SequenceFormSchema = z.object({
  steps: z
    .array(DraftStepSchema)
    .min(1, "A sequence needs at least one step")
    .max(MAX_SEQUENCE_STEPS, `A sequence has at most ${MAX_SEQUENCE_STEPS} steps`)
    .transform(byDay)
    .pipe(SequenceStepsSchema),
});

// --- the buttons --------------------------------------------------------------------------------------------------

export const EDIT_ACTIONS = ["up", "down", "remove"] as const;
export type EditIntent = { kind: "save" | "preview" | "add" | "reset" } | { kind: (typeof EDIT_ACTIONS)[number]; index: number };

/** The pressed button's value: "save", "preview", "add", "reset", or "up-2", "down-0", "remove-5". */
export const EditIntentSchema = z
  .string({ error: "Choose what to do" })
  .regex(/^(save|preview|add|reset|(up|down|remove)-\d{1,2})$/, "Choose what to do")
  .transform((value): EditIntent => {
    const [kind, index] = value.split("-");
    if (kind === "up" || kind === "down" || kind === "remove") return { kind, index: Number(index) };
    return { kind: kind as "save" | "preview" | "add" | "reset" };
  });

export const NEW_STEP_TEMPLATE = "Hi {ownerFirstName}, following up about {address}.";
export const LAST_STEP_KEPT = "A sequence needs at least one step";
export const TOO_MANY_STEPS = `A sequence has at most ${MAX_SEQUENCE_STEPS} steps`;

/** A new step goes last, a day after the last one (a call, to be changed as needed). */
function newStep(draft: readonly DraftStep[]): DraftStep {
  const lastDay = dayOf(draft.at(-1)?.dayNumber ?? "0") ?? 0;
  const day = Number.isInteger(lastDay) && lastDay >= 0 ? Math.min(lastDay + 1, MAX_SEQUENCE_DAY) : 0;
  return { dayNumber: String(day), activityType: "call", template: NEW_STEP_TEMPLATE, mailAgain: "" };
}

/**
 * Up and Down swap what two neighbouring steps do (activity and template) while the day numbers stay where they are,
 * so the schedule stays in day order: moving "Day 3 letter" up before "Day 1 text" makes Day 1 the letter.
 */
function swap(draft: readonly DraftStep[], a: number, b: number): DraftStep[] {
  const next = draft.map((step) => ({ ...step }));
  if (a < 0 || b < 0 || a >= next.length || b >= next.length) return next;
  next[a] = { ...next[a], activityType: draft[b].activityType, template: draft[b].template, mailAgain: draft[b].mailAgain };
  next[b] = { ...next[b], activityType: draft[a].activityType, template: draft[a].template, mailAgain: draft[a].mailAgain };
  return next;
}

/** The draft after Add, Remove, Up, Down or Restore default; `error` when the button cannot apply. */
export function editDraft(draft: readonly DraftStep[], intent: EditIntent): { draft: DraftStep[]; error: string | null } {
  switch (intent.kind) {
    case "add":
      if (draft.length >= MAX_SEQUENCE_STEPS) return { draft: [...draft], error: TOO_MANY_STEPS };
      return { draft: [...draft, newStep(draft)], error: null };
    case "remove":
      if (draft.length <= 1) return { draft: [...draft], error: LAST_STEP_KEPT };
      return { draft: draft.filter((_, index) => index !== intent.index), error: null };
    case "up":
      return { draft: swap(draft, intent.index - 1, intent.index), error: null };
    case "down":
      return { draft: swap(draft, intent.index, intent.index + 1), error: null };
    case "reset":
      return { draft: [...DEFAULT_DRAFT], error: null };
    default:
      return { draft: [...draft], error: null };
  }
}

// --- the preview --------------------------------------------------------------------------------------------------

/** The sample lead the preview fills the placeholders with (the user's own company name beside it). */
export const SAMPLE_LEAD = { ownerName: "MARIA L GARCIA", address: "1420 E Camelback Rd, Phoenix, AZ 85014", offerAmount: 212_500 };

export function previewOf(template: string, companyName: string | null): string {
  return renderTemplate(template, { ...SAMPLE_LEAD, companyName });
}

// --- a lead without a chosen offer --------------------------------------------------------------------------------

export const WithoutOfferSchema = z.enum(WITHOUT_OFFER_CHOICES, { error: "Choose what letters do on a lead without a chosen offer" });

/** The posted choice, or the default when the form did not send one (a post from an older page). */
export function readWithoutOffer(value: unknown): WithoutOffer | null {
  if (value === null || value === undefined || value === "") return "no_price";
  const parsed = WithoutOfferSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
