/**
 * The one layout of every letter Breeze mails (the Letter of Intent, a sequence's follow-up letter), on US Letter
 * (8.5 × 11 in, what Lob prints): the letterhead in a column right of the areas Lob's letter template keeps clear on
 * page 1 (the envelope's two windows and the address block Lob prints, app/domain/documents/letter-template.ts), a
 * long name shrunk and then wrapped, and the date under it; then, below those areas, the recipient's block line by
 * line, the heading and subject, the body with its own line breaks, the terms, the closing and the sign-off. Set as
 * loosely as still fits one page; a letter too long for one page moves its closing paragraphs onto the next page with
 * the sign-off, so a signature never stands alone. Deterministic (its dates are the letter's own).
 */
import { PDFDocument, rgb, StandardFonts, type PDFPage } from "pdf-lib";

import { LOB_KEEP_CLEAR_BOTTOM_FROM_TOP, LOB_KEEP_CLEAR_RIGHT, LOB_LETTER_PAGE } from "#app/domain/documents/letter-template.ts";
import type { MailedLetter } from "#app/domain/documents/mailed-letter.ts";
import { winAnsi } from "#app/domain/documents/win-ansi.ts";

type Font = Awaited<ReturnType<PDFDocument["embedFont"]>>;

/** The letterhead's name: its largest size, and the smallest it shrinks to before it wraps. */
const LETTERHEAD_NAME_SIZE = { max: 15, min: 10 };
const LETTERHEAD_LINE_SIZE = 9.5;
/** Space between the areas Lob keeps clear and the letterhead column. */
const LETTERHEAD_GUTTER = 12;
const MARGIN = 54;
const SIGNATURE_SIZE = 9.5;
/** The signature line's width (the name under it wraps to it) and where the Date line starts. */
const SIGNATURE_LINE = 280;
const DATE_LINE_AT = 320;
const INK = rgb(0.1, 0.1, 0.12);
const ACCENT = rgb(0.05, 0.35, 0.45);

/**
 * How tight the letter's body is set: its text size, the space between lines, and a scale for the space between
 * paragraphs. The letter takes the first that fits on one page.
 */
type LetterStyle = { size: number; leading: number; gaps: number };
const LETTER_STYLES: readonly LetterStyle[] = [
  { size: 10.5, leading: 4, gaps: 1 },
  { size: 10, leading: 3, gaps: 0.6 },
  { size: 9.5, leading: 2.5, gaps: 0.35 },
  { size: 9, leading: 2, gaps: 0.25 },
];

/** Words into lines no wider than `width` at `size` (a word wider than a line is cut by characters). */
export function wrap(text: string, font: Font, size: number, width: number): string[] {
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

/** A paragraph's printed lines: its own line breaks kept (a blank line stays blank), each line wrapped to the width. */
function paragraphLines(text: string, font: Font, size: number, width: number): string[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const wrapped = wrap(winAnsi(line), font, size, width);
    return wrapped.length ? wrapped : [""];
  });
}

/** The largest size from `max` down to `min` at which the text fits one line, else wrapped at `min`. */
function fit(text: string, font: Font, size: { max: number; min: number }, width: number): { size: number; lines: string[] } {
  for (let at = size.max; at >= size.min; at -= 0.5) {
    if (font.widthOfTextAtSize(text, at) <= width) return { size: at, lines: [text] };
  }
  return { size: size.min, lines: wrap(text, font, size.min, width) };
}

export async function renderMailedLetterPdf(letter: MailedLetter, at: Date): Promise<Uint8Array> {
  let pdf: PDFDocument | null = null;
  for (const style of LETTER_STYLES) {
    pdf = await layOutLetter(letter, at, style);
    if (pdf.getPageCount() === 1) break;
  }
  // The loosest style again when none fits: a second page is due anyway.
  if (pdf && pdf.getPageCount() > 1) pdf = await layOutLetter(letter, at, LETTER_STYLES[0]!);
  return pdf!.save();
}

type Write = { font?: Font; size?: number; gap?: number; indent?: number };

/** Where the next line goes, and how to write text there: a new page when the page is full. */
class Pen {
  page: PDFPage;
  y: number;
  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: { regular: Font; bold: Font },
    readonly style: LetterStyle,
  ) {
    this.page = pdf.addPage([LOB_LETTER_PAGE.width, LOB_LETTER_PAGE.height]);
    this.y = this.page.getHeight() - MARGIN;
  }

  newPage() {
    this.page = this.pdf.addPage([LOB_LETTER_PAGE.width, LOB_LETTER_PAGE.height]);
    this.y = this.page.getHeight() - MARGIN;
  }

  /** Lines flush with the right margin, in the letterhead's colour. */
  rightAligned(lines: string[], font: Font, size: number) {
    const right = this.page.getWidth() - MARGIN;
    for (const line of lines) {
      this.page.drawText(line, { x: right - font.widthOfTextAtSize(line, size), y: this.y, size, font, color: ACCENT });
      this.y -= size + 4;
    }
  }

  linesOf(raw: string, { font = this.fonts.regular, size = this.style.size, indent = 0 }: Write): string[] {
    return paragraphLines(raw, font, size, this.page.getWidth() - MARGIN * 2 - indent);
  }

  heightOf(raw: string, options: Write = {}): number {
    return (
      this.linesOf(raw, options).length * ((options.size ?? this.style.size) + this.style.leading) + (options.gap ?? 6) * this.style.gaps
    );
  }

  /** A paragraph from the left margin, its own line breaks kept, then its gap. */
  write(raw: string, options: Write = {}) {
    const { font = this.fonts.regular, size = this.style.size, gap = 6, indent = 0 } = options;
    for (const item of this.linesOf(raw, options)) {
      if (this.y < MARGIN + size) this.newPage();
      if (item) this.page.drawText(item, { x: MARGIN + indent, y: this.y, size, font, color: INK });
      this.y -= size + this.style.leading;
    }
    this.y -= gap * this.style.gaps;
  }

  /** A line to sign and a Date line for each party, the party's words wrapped under the signature line. */
  signatureLines(signatures: string[][]) {
    const { page } = this;
    for (const lines of signatures) {
      this.y -= 18;
      page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + SIGNATURE_LINE, y: this.y }, thickness: 0.75, color: INK });
      page.drawLine({ start: { x: MARGIN + DATE_LINE_AT, y: this.y }, end: { x: MARGIN + 440, y: this.y }, thickness: 0.75, color: INK });
      this.y -= 12;
      page.drawText("Date", { x: MARGIN + DATE_LINE_AT, y: this.y, size: SIGNATURE_SIZE, font: this.fonts.regular, color: INK });
      for (const line of lines) {
        page.drawText(line, { x: MARGIN, y: this.y, size: SIGNATURE_SIZE, font: this.fonts.regular, color: INK });
        this.y -= 12;
      }
      this.y -= 4;
    }
  }
}

async function layOutLetter(letter: MailedLetter, at: Date, style: LetterStyle): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(letter.title));
  pdf.setAuthor(winAnsi(letter.letterhead.name));
  pdf.setProducer("Breeze");
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const pen = new Pen(pdf, fonts, style);
  letterheadAndDate(pen, letter);

  // Everything else below the areas Lob keeps clear (the first line's cap height stays under them).
  pen.y = Math.min(pen.y, pen.page.getHeight() - LOB_KEEP_CLEAR_BOTTOM_FROM_TOP - 24);
  for (const [index, line] of letter.recipient.entries()) pen.write(line, { font: index === 0 ? fonts.bold : fonts.regular, gap: 0 });
  pen.y -= 14 * style.gaps;
  if (letter.heading) pen.write(letter.heading.toUpperCase(), { font: fonts.bold, size: 13, gap: 4 });
  pen.write(letter.subject, { font: fonts.bold, gap: 10 });
  for (const paragraph of letter.paragraphs) pen.write(paragraph, { gap: 8 });
  for (const term of letter.terms ?? []) {
    pen.write(term.heading, { font: fonts.bold, gap: 0, indent: 12 });
    pen.write(term.body, { gap: 6, indent: 12 });
  }
  pen.y -= 4 * style.gaps;
  closingAndSignOff(pen, letter);
  return pdf;
}

/** The letterhead and the date, right-aligned in the column beside the address areas, a long name shrunk then wrapped. */
function letterheadAndDate(pen: Pen, letter: MailedLetter) {
  const { regular, bold } = pen.fonts;
  const right = pen.page.getWidth() - MARGIN;
  const column = right - (LOB_KEEP_CLEAR_RIGHT + LETTERHEAD_GUTTER);
  const name = fit(winAnsi(letter.letterhead.name), bold, LETTERHEAD_NAME_SIZE, column);
  pen.rightAligned(name.lines, bold, name.size);
  for (const line of letter.letterhead.lines)
    pen.rightAligned(wrap(winAnsi(line), regular, LETTERHEAD_LINE_SIZE, column), regular, LETTERHEAD_LINE_SIZE);
  pen.y -= 4;
  pen.page.drawLine({ start: { x: right - column, y: pen.y }, end: { x: right, y: pen.y }, thickness: 0.75, color: ACCENT });
  pen.y -= 18;
  pen.rightAligned([winAnsi(letter.date)], regular, 10.5);
}

/**
 * The closing paragraphs and the sign-off, kept together: when they do not fit below the body, all of them start the
 * next page.
 */
function closingAndSignOff(pen: Pen, letter: MailedLetter) {
  const { regular, bold } = pen.fonts;
  const signOff = letter.signOff;
  const signatures =
    signOff.kind === "signatures"
      ? signOff.signatures.map((signature) =>
          wrap(winAnsi(`${signature.role}: ${signature.name}`), regular, SIGNATURE_SIZE, SIGNATURE_LINE),
        )
      : [];
  const signOffHeight =
    signOff.kind === "signatures"
      ? signatures.reduce((sum, lines) => sum + 30 + lines.length * 12 + 4, 10)
      : signOff.lines.reduce((sum, line, index) => sum + pen.heightOf(line, { gap: index === 0 ? 18 : 0 }), 10);
  const closingHeight = letter.closing.reduce((sum, paragraph) => sum + pen.heightOf(paragraph, { gap: 8 }), 0);
  if (pen.y - closingHeight - signOffHeight < MARGIN) pen.newPage();
  for (const paragraph of letter.closing) pen.write(paragraph, { gap: 8 });
  pen.y -= 10;
  if (signOff.kind === "signatures") pen.signatureLines(signatures);
  else
    for (const [index, line] of signOff.lines.entries()) pen.write(line, { gap: index === 0 ? 18 : 0, font: index === 1 ? bold : regular });
}
