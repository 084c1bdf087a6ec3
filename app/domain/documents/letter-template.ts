/**
 * Lob's letter template for a PDF letter mailed with `address_placement: top_first_page` (Lob's default) in its
 * standard #10 double-window envelope: the page size and the areas of page 1 that must stay clear. Figures from Lob's
 * letter template (help.lob.com "Letters" and "Letter envelopes"; the same boxes as the `#return-address-window`,
 * `#recipient-address-window` and `#white-box` of Lob's HTML letter examples). Lob OpenAPI (ltr_file.yml): "All pages
 * of a supplied PDF file must be sized at 8.5"x11"".
 */
export const POINTS_PER_INCH = 72;

/** US Letter, 8.5 × 11 in, in PDF points. */
export const LOB_LETTER_PAGE = { width: 8.5 * POINTS_PER_INCH, height: 11 * POINTS_PER_INCH } as const;

/** A rectangle on the page in inches, measured from the page's top-left corner (as Lob's template is). */
export type TemplateArea = { name: string; left: number; top: number; width: number; height: number };

/** The envelope's top window: the return address shows through it. */
export const LOB_RETURN_ADDRESS_WINDOW: TemplateArea = { name: "return address window", left: 0.625, top: 0.5, width: 3.25, height: 0.875 };
/** The envelope's bottom window: the recipient's address shows through it. */
export const LOB_RECIPIENT_WINDOW: TemplateArea = { name: "recipient window", left: 0.625, top: 1.75, width: 4, height: 1 };
/**
 * The white box Lob prints over the artwork with both addresses and the barcode. Its examples place it at 0.6 × 0.84
 * in inside a 0.1875 in safe-area offset; this box covers both readings.
 */
export const LOB_ADDRESS_BLOCK: TemplateArea = { name: "address block Lob prints", left: 0.6, top: 0.84, width: 3.3375, height: 2.1875 };

export const LOB_KEEP_CLEAR = [LOB_RETURN_ADDRESS_WINDOW, LOB_RECIPIENT_WINDOW, LOB_ADDRESS_BLOCK] as const;

/** An area in PDF coordinates (points, origin at the bottom-left corner). */
export function areaInPoints(area: TemplateArea): { x0: number; y0: number; x1: number; y1: number } {
  const x0 = area.left * POINTS_PER_INCH;
  const x1 = (area.left + area.width) * POINTS_PER_INCH;
  const y1 = LOB_LETTER_PAGE.height - area.top * POINTS_PER_INCH;
  const y0 = LOB_LETTER_PAGE.height - (area.top + area.height) * POINTS_PER_INCH;
  return { x0, y0, x1, y1 };
}

/** The right edge (points) and the bottom (points from the top) of everything page 1 keeps clear. */
export const LOB_KEEP_CLEAR_RIGHT = Math.max(...LOB_KEEP_CLEAR.map((area) => areaInPoints(area).x1));
export const LOB_KEEP_CLEAR_BOTTOM_FROM_TOP = Math.max(...LOB_KEEP_CLEAR.map((area) => (area.top + area.height) * POINTS_PER_INCH));
