/** Where a lead stands in the CRM: the saved property, its status and its offer figures (the offer steps start from them). */
export type SavedLead = {
  propertyId: string;
  status: string;
  arv: number | null;
  arvLow: number | null;
  arvHigh: number | null;
  confidenceScore: number | null;
  /** The valuation's market-model value and share (the comps list rebuilds the ARV from them). */
  modelValue: number | null;
  modelShare: number | null;
  analysisArv: number | null;
  repairEstimate: number | null;
  assignmentFee: number | null;
  ruleMaxOffer: number | null;
  maxOffer: number | null;
  offerPdfFilename: string | null;
};
