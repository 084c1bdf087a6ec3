/**
 * Where each workbench step's answer lands: the panel the step changed, by its element id. The step's form
 * post redirects to the page with the panel's `#anchor`, so the browser (without JavaScript) or the page (with it)
 * brings that panel into view instead of the page's top, where only a toast would say what happened.
 */
export const STEP_ANCHORS = {
  value: "property-value",
  offers: "offer-options",
  letter: "letter-of-intent",
  mail: "offer-mailed",
} as const;

export type StepIntent = keyof typeof STEP_ANCHORS;
export type StepAnchor = (typeof STEP_ANCHORS)[StepIntent];

const ANCHORS: readonly string[] = Object.values(STEP_ANCHORS);

/** `href` with the anchor of the panel `intent` changed (any other intent: `href` as it is). */
export function withStepAnchor(href: string, intent: unknown): string {
  if (typeof intent !== "string" || !Object.hasOwn(STEP_ANCHORS, intent)) return href;
  return `${href.split("#")[0]}#${STEP_ANCHORS[intent as StepIntent]}`;
}

/** The step panel a location's hash names ("#offer-options" → "offer-options"), or null. */
export function stepAnchorOf(hash: string): StepAnchor | null {
  const id = hash.replace(/^#/, "");
  return ANCHORS.includes(id) ? (id as StepAnchor) : null;
}
