/** "Generate Contract": the same schema validates in the browser (conform) and on the server. */
import { z } from "zod";
import { CONTRACT_KINDS, type ContractKind } from "./contract-text";

export const GenerateContractSchema = z.object({
  propertyId: z.string({ error: "Choose a property" }).trim().min(1, "Choose a property").max(64, "Property not found"),
  kind: z.enum(Object.keys(CONTRACT_KINDS) as [ContractKind, ...ContractKind[]], { error: "Choose a contract type" }),
});
