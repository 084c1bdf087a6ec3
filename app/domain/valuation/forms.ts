/** POST /api/properties/calculate-arv's body (spec 02 §7): the subject's address and what the workbench knows of it. */
import { z } from "zod";

import { PropertyInputSchema } from "#app/domain/leads/forms.ts";

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** "250000", "$250,000", 250000 → 250000; blank → null; anything else is left for zod to refuse. */
function toNumber(value: unknown): unknown {
  if (isBlank(value)) return null;
  if (typeof value !== "string") return value;
  const text = value.replace(/[$,\s]/g, "");
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}

const fields = PropertyInputSchema.shape;

export const CalculateArvSchema = z.object({
  address: fields.address,
  city: fields.city,
  state: fields.state,
  /** The data provider's estimate: cited beside the ARV, never returned as it. Null or absent when unknown. */
  batchDataEstValue: z
    .preprocess(
      toNumber,
      z
        .number({ error: "Estimated value must be a number" })
        .min(0, "Estimated value cannot be negative")
        .max(99_999_999.99, "Estimated value must be at most $99,999,999")
        .nullable(),
    )
    .optional(),
  zipCode: z.preprocess((value) => (isBlank(value) ? undefined : value), fields.zipCode.optional()),
  bedrooms: fields.bedrooms,
  bathrooms: fields.bathrooms,
  squareFeet: fields.squareFeet,
  yearBuilt: fields.yearBuilt,
  propertyType: fields.propertyType,
});
export type CalculateArvInput = z.infer<typeof CalculateArvSchema>;
