/**
 * Which colour each status badge gets. Tone names are the Badge's (components/ui/badge.tsx); the maps live here so
 * a status added to the data gets its colour beside its label, not in a component.
 */
export const BADGE_TONES = ["neutral", "strong", "sky", "amber", "emerald", "violet", "teal", "orange", "indigo"] as const;
export type BadgeTone = (typeof BADGE_TONES)[number];

/** CRM lead statuses (properties.status). */
export const LEAD_STATUS_TONES: Record<string, BadgeTone> = {
  new: "sky",
  contacted: "amber",
  qualified: "emerald",
  under_contract: "violet",
  closed: "strong",
  analyzed: "teal",
  offer_produced: "orange",
  offer_sent: "indigo",
};

/** Pipeline stages (deals.stage). */
export const STAGE_TONES: Record<string, BadgeTone> = {
  lead_generation: "neutral",
  analysis: "sky",
  negotiation: "amber",
  closing: "emerald",
};

/** Document statuses (documents.status). */
export const DOCUMENT_STATUS_TONES: Record<string, BadgeTone> = {
  draft: "neutral",
  mailed: "indigo",
  pending: "amber",
  signed: "sky",
  completed: "emerald",
};
