/**
 * Every pdf-lib layout in one place: today the contracts (generated documents and the demo account's files); the
 * Letter of Intent joins them. Deterministic output (fixed dates), so the same text gives the same bytes.
 */
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

import type { ContractText } from "~/domain/contract-text";

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
