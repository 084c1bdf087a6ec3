/** "Generate Contract": the same schema validates in the browser (conform) and on the server. */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";

import { CONTRACT_KINDS, type ContractKind } from "./contract-text.ts";

export const GenerateContractSchema = z.object({
  propertyId: z.string({ error: "Choose a property" }).trim().min(1, "Choose a property").max(64, "Property not found"),
  // zod's z.enum wants a non-empty tuple and TypeScript's lib types Object.keys as string[].
  kind: z.enum(Object.keys(CONTRACT_KINDS) as [ContractKind, ...ContractKind[]], { error: "Choose a contract type" }),
});

/** What /documents/generate answers a form that failed: conform's result, errors next to the fields. */
export type GenerateContractActionData = { result: SubmissionResult<string[]> };
