/** The Today page's form posts (without JavaScript too): work a task, or start a sequence on a lead. */
import { z } from "zod";

import { SEQUENCE_ACTIONS } from "./steps.ts";
import { TaskOutcomeSchema } from "./tasks.ts";

const id = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(64, `${label} not found`);

export const TodayFormSchema = z.discriminatedUnion("intent", [
  TaskOutcomeSchema.extend({ intent: z.literal("work"), taskId: id("Task") }),
  z.object({ intent: z.literal("start"), propertyId: id("Lead") }),
  z.object({ intent: z.enum(SEQUENCE_ACTIONS), propertyId: id("Lead") }),
]);
export type TodayForm = z.infer<typeof TodayFormSchema>;
