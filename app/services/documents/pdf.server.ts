/**
 * Every pdf-lib layout in one place: the contracts (generated documents and the demo account's files) and the
 * Letter of Intent. Deterministic output (fixed dates), so the same text gives the same bytes.
 */
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

import type { ContractText } from "#app/domain/documents/contract-text.ts";
import { LOB_KEEP_CLEAR_BOTTOM_FROM_TOP, LOB_KEEP_CLEAR_RIGHT, LOB_LETTER_PAGE } from "#app/domain/documents/letter-template.ts";
import type { LetterOfIntentText } from "#app/domain/offers/letter-of-intent.ts";

/** Helvetica in pdf-lib speaks WinAnsi only: keep printable Latin-1 and replace the rest. */
const winAnsi = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

export async function renderContractPdf(text: ContractText): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(text.title);
  pdf.setProducer("Breeze");
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 60;
  let page = pdf.addPage([612, 792]);
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;

  const write = (raw: string, font = regular, size = 11, gap = 6) => {
    const words = winAnsi(raw).split(/\s+/);
    let line = "";
    const lines: string[] = [];
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    for (const item of lines) {
      if (y < margin + size) {
        page = pdf.addPage([612, 792]);
        y = page.getHeight() - margin;
      }
      page.drawText(item, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.12) });
      y -= size + 4;
    }
    y -= gap;
  };

  write(text.title.toUpperCase(), bold, 18, 14);
  for (const paragraph of text.parties) write(paragraph);
  y -= 6;
  for (const section of text.sections) {
    write(section.heading, bold, 12, 2);
    write(section.body);
  }
  y -= 18;
  for (const signature of text.signatures) write(signature, regular, 10, 18);
  return pdf.save();
}

/** The letterhead's name: its largest size, and the smallest it shrinks to before it wraps. */
const LETTERHEAD_NAME_SIZE = { max: 15, min: 10 };
const LETTERHEAD_LINE_SIZE = 9.5;
/** Space between the areas Lob keeps clear and the letterhead column. */
const LETTERHEAD_GUTTER = 12;

type Font = Awaited<ReturnType<PDFDocument["embedFont"]>>;

/** Words into lines no wider than `width` at `size` (a word wider than a line is cut by characters). */
function wrap(text: string, font: Font, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest size from `max` down to `min` at which the text fits one line, else wrapped at `min`. */
function fit(text: string, font: Font, size: { max: number; min: number }, width: number): { size: number; lines: string[] } {
  for (let at = size.max; at >= size.min; at -= 0.5) {
    if (font.widthOfTextAtSize(text, at) <= width) return { size: at, lines: [text] };
  }
  return { size: size.min, lines: wrap(text, font, size.min, width) };
}

/**
 * How tight the letter's body is set: its text size, the space between lines, and a scale for the space between
 * paragraphs. The letter takes the first that fits on one page.
 */
type LetterStyle = { size: number; leading: number; gaps: number };
const LETTER_STYLES: readonly LetterStyle[] = [
  { size: 10.5, leading: 4, gaps: 1 },
  { size: 10, leading: 3, gaps: 0.6 },
  { size: 9.5, leading: 2.5, gaps: 0.35 },
];
const SIGNATURE_SIZE = 9.5;
/** The signature line's width (the name under it wraps to it) and where the Date line starts. */
const SIGNATURE_LINE = 280;
const DATE_LINE_AT = 320;

/**
 * The Letter of Intent on US Letter (8.5 × 11 in, what Lob prints): the letterhead in a column right of the areas
 * Lob's letter template keeps clear on page 1 (the envelope's two windows and the address block Lob prints, see
 * app/domain/documents/letter-template.ts), a long name shrunk and then wrapped; then, below those areas, the date,
 * the owner, the property, the amount, the terms and the two signature lines. Set as loosely as still fits one
 * page; a letter too long for one page moves its closing paragraphs onto the next page with the signatures, so the
 * signature block never stands alone. Deterministic (its dates are the letter's own), so the same letter gives the
 * same bytes.
 */
export async function renderLetterOfIntentPdf(text: LetterOfIntentText, at: Date): Promise<Uint8Array> {
  let pdf: PDFDocument | null = null;
  for (const style of LETTER_STYLES) {
    pdf = await layOutLetter(text, at, style);
    if (pdf.getPageCount() === 1) break;
  }
  // The loosest style again when none fits: a second page is due anyway.
  if (pdf && pdf.getPageCount() > 1) pdf = await layOutLetter(text, at, LETTER_STYLES[0]!);
  return pdf!.save();
}

/** The letter's document properties: its title, author and dates. */
function describeLetter(pdf: PDFDocument, text: LetterOfIntentText, at: Date) {
  pdf.setTitle(`${text.title} - ${text.subject.replace(/^Re: /, "")}`);
  pdf.setAuthor(text.letterhead.name);
  pdf.setProducer("Breeze");
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
}

async function layOutLetter(text: LetterOfIntentText, at: Date, style: LetterStyle): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  describeLetter(pdf, text, at);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.12);
  const accent = rgb(0.05, 0.35, 0.45);
  const margin = 54;
  let page = pdf.addPage([LOB_LETTER_PAGE.width, LOB_LETTER_PAGE.height]);
  const right = page.getWidth() - margin;
  const column = right - (LOB_KEEP_CLEAR_RIGHT + LETTERHEAD_GUTTER);
  const newPage = () => {
    page = pdf.addPage([LOB_LETTER_PAGE.width, LOB_LETTER_PAGE.height]);
    y = page.getHeight() - margin;
  };

  // Letterhead, right-aligned in the column beside the address areas.
  let y = page.getHeight() - margin;
  const rightAligned = (lines: string[], font: Font, size: number) => {
    for (const line of lines) {
      page.drawText(line, { x: right - font.widthOfTextAtSize(line, size), y, size, font, color: accent });
      y -= size + 4;
    }
  };
  const name = fit(winAnsi(text.letterhead.name), bold, LETTERHEAD_NAME_SIZE, column);
  rightAligned(name.lines, bold, name.size);
  for (const line of text.letterhead.lines)
    rightAligned(wrap(winAnsi(line), regular, LETTERHEAD_LINE_SIZE, column), regular, LETTERHEAD_LINE_SIZE);
  y -= 4;
  page.drawLine({ start: { x: right - column, y }, end: { x: right, y }, thickness: 0.75, color: accent });
  y -= 18;
  rightAligned([winAnsi(text.date)], regular, 10.5);

  // Body, below the areas Lob keeps clear (the first line's cap height stays under them).
  y = Math.min(y, page.getHeight() - LOB_KEEP_CLEAR_BOTTOM_FROM_TOP - 24);
  const width = page.getWidth() - margin * 2;
  type Write = { font?: Font; size?: number; gap?: number; indent?: number };
  const linesOf = (raw: string, { font = regular, size = style.size, indent = 0 }: Write) => wrap(winAnsi(raw), font, size, width - indent);
  const heightOf = (raw: string, options: Write = {}) =>
    linesOf(raw, options).length * ((options.size ?? style.size) + style.leading) + (options.gap ?? 6) * style.gaps;
  const write = (raw: string, options: Write = {}) => {
    const { font = regular, size = style.size, gap = 6, indent = 0 } = options;
    for (const item of linesOf(raw, options)) {
      if (y < margin + size) newPage();
      page.drawText(item, { x: margin + indent, y, size, font, color: ink });
      y -= size + style.leading;
    }
    y -= gap * style.gaps;
  };

  for (const [index, line] of text.recipient.entries()) write(line, { font: index === 0 ? bold : regular, gap: 0 });
  y -= 14 * style.gaps;
  write(text.title.toUpperCase(), { font: bold, size: 13, gap: 4 });
  write(text.subject, { font: bold, gap: 10 });
  for (const paragraph of text.paragraphs) write(paragraph, { gap: 8 });
  for (const term of text.terms) {
    write(term.heading, { font: bold, gap: 0, indent: 12 });
    write(term.body, { gap: 6, indent: 12 });
  }
  y -= 4 * style.gaps;

  // The closing paragraphs and the signatures stay together: when they do not fit below the terms, all of them start
  // the next page.
  const signatures = text.signatures.map((signature) =>
    wrap(winAnsi(`${signature.role}: ${signature.name}`), regular, SIGNATURE_SIZE, SIGNATURE_LINE),
  );
  const signaturesHeight = signatures.reduce((sum, lines) => sum + 30 + lines.length * 12 + 4, 10);
  const closingHeight = text.closing.reduce((sum, paragraph) => sum + heightOf(paragraph, { gap: 8 }), 0);
  if (y - closingHeight - signaturesHeight < margin) newPage();
  for (const paragraph of text.closing) write(paragraph, { gap: 8 });
  y -= 10;
  for (const lines of signatures) {
    y -= 18;
    page.drawLine({ start: { x: margin, y }, end: { x: margin + SIGNATURE_LINE, y }, thickness: 0.75, color: ink });
    page.drawLine({ start: { x: margin + DATE_LINE_AT, y }, end: { x: margin + 440, y }, thickness: 0.75, color: ink });
    y -= 12;
    page.drawText("Date", { x: margin + DATE_LINE_AT, y, size: SIGNATURE_SIZE, font: regular, color: ink });
    for (const line of lines) {
      page.drawText(line, { x: margin, y, size: SIGNATURE_SIZE, font: regular, color: ink });
      y -= 12;
    }
    y -= 4;
  }
  return pdf;
}
