/** The zod schemas of sequence steps (the Sequences editor's and the API's boundary). */
import { z } from "zod";

import { plainText } from "#app/domain/shared/text.ts";

import { ACTIVITY_TYPES, type SequenceStep } from "./steps.ts";
import { PLACEHOLDERS, unknownPlaceholders } from "./templates.ts";

/** The longest a sequence may run, in days, the most steps it may have and the longest a step's template may be. */
export const MAX_SEQUENCE_DAY = 365;
export const MAX_SEQUENCE_STEPS = 20;
export const MAX_TEMPLATE_LENGTH = 1000;

const KNOWN_PLACEHOLDERS = PLACEHOLDERS.map((name) => `{${name}}`).join(", ");

export const DayNumberSchema = z
  .number({ error: "Day must be a number" })
  .int("Day must be a whole number")
  .min(0, "Day cannot be negative")
  .max(MAX_SEQUENCE_DAY, `Day must be at most ${MAX_SEQUENCE_DAY}`);

export const ActivityTypeSchema = z.enum(ACTIVITY_TYPES, { error: "Activity must be one of: call, text, email, letter" });

/** A step's message: written, not too long, and only the placeholders a lead can fill (the unknown ones named). */
export const TemplateSchema = plainText(
  z
    .string({ error: "Write the step's message" })
    .trim()
    .min(1, "Write the step's message")
    .max(MAX_TEMPLATE_LENGTH, `A template must be at most ${MAX_TEMPLATE_LENGTH.toLocaleString("en-US")} characters`)
    .superRefine((template, ctx) => {
      const unknown = unknownPlaceholders(template);
      if (unknown.length === 0) return;
      const named = unknown.map((name) => `{${name}}`).join(", ");
      ctx.addIssue({
        code: "custom",
        message: `Unknown placeholder${unknown.length > 1 ? "s" : ""}: ${named}. Use ${KNOWN_PLACEHOLDERS}`,
      });
    }),
  "A step's message",
);

export const SequenceStepSchema: z.ZodType<SequenceStep, SequenceStep> = z.object({
  dayNumber: DayNumberSchema,
  activityType: ActivityTypeSchema,
  template: TemplateSchema,
  mailAgain: z.boolean({ error: "Mail again must be true or false" }).optional(),
});

/** A sequence's steps: at least one, in day order (equal days keep their order). */
export const SequenceStepsSchema = z
  .array(SequenceStepSchema)
  .min(1, "A sequence needs at least one step")
  .max(MAX_SEQUENCE_STEPS, `A sequence has at most ${MAX_SEQUENCE_STEPS} steps`)
  .refine(
    (steps) => steps.every((step, index) => index === 0 || steps[index - 1].dayNumber <= step.dayNumber),
    "Steps must be in day order",
  );
