/**
 * The follow-up letter a sequence's letter step mails when the property has no Letter of Intent: the step's template
 * with its placeholders filled, laid out on one US-letter page with pdf-lib. Fixed dates, so the same text gives the
 * same bytes (the mail provider's idempotency key is the step's, not the bytes').
 */
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

const PAGE: [number, number] = [612, 792];
const MARGIN = 72;
const SIZE = 11;
const LEADING = 15;

/** Helvetica in pdf-lib speaks WinAnsi only: keep printable Latin-1 and replace the rest. */
const winAnsi = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

/** `amountCents`: the chosen offer the body names, or null for a letter without a price. */
export async function renderFollowUpLetterPdf(letter: {
  title: string;
  body: string;
  signedBy: string;
  amountCents: number | null;
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(letter.title);
  pdf.setProducer("Breeze");
  pdf.setSubject(letter.amountCents === null ? "Follow-up letter" : "Follow-up letter with an offer");
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let page = pdf.addPage(PAGE);
  const width = PAGE[0] - MARGIN * 2;
  let y = PAGE[1] - MARGIN;
  const line = (text: string) => {
    if (y < MARGIN) {
      page = pdf.addPage(PAGE);
      y = PAGE[1] - MARGIN;
    }
    page.drawText(text, { x: MARGIN, y, size: SIZE, font, color: rgb(0.1, 0.1, 0.12) });
    y -= LEADING;
  };
  for (const paragraph of [...winAnsi(letter.body).split(/\n+/), "", winAnsi(letter.signedBy)]) {
    let current = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(next, SIZE) > width) {
        line(current);
        current = word;
      } else current = next;
    }
    line(current);
  }
  return pdf.save();
}
