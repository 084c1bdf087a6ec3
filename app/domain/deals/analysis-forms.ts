/** POST /api/deals/analyze's body and the property card's Analyze Deal form (`{propertyId}`). */
import { z } from "zod";

export const AnalyzeDealSchema = z.object({
  propertyId: z.string({ error: "Property is required" }).trim().min(1, "Property is required").max(64, "Property not found"),
});
export type AnalyzeDealInput = z.infer<typeof AnalyzeDealSchema>;
