/** POST /api/properties/calculate-arv's body: the subject's address and what the workbench knows of it. */
import { z } from "zod";

import { PropertyInputSchema } from "#app/domain/leads/lead-forms.ts";
import { nullableMoneySchema } from "#app/domain/shared/money-schema.ts";

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

const fields = PropertyInputSchema.shape;

export const CalculateArvSchema = z.object({
  address: fields.address,
  city: fields.city,
  state: fields.state,
  /** The data provider's estimate: cited beside the ARV, never returned as it. Null or absent when unknown. */
  batchDataEstValue: nullableMoneySchema("Estimated value", { min: 0 }),
  zipCode: z.preprocess((value) => (isBlank(value) ? undefined : value), fields.zipCode.optional()),
  bedrooms: fields.bedrooms,
  bathrooms: fields.bathrooms,
  squareFeet: fields.squareFeet,
  yearBuilt: fields.yearBuilt,
  propertyType: fields.propertyType,
});
export type CalculateArvInput = z.infer<typeof CalculateArvSchema>;
