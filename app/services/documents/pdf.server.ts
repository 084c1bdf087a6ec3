/**
 * The contracts' pdf-lib layout (generated documents and the demo account's files), and the Letter of Intent's entry to
 * the mailed letters' layout. Deterministic output (fixed dates), so the same text gives the same bytes.
 */
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

import type { ContractText } from "#app/domain/documents/contract-text.ts";
import { winAnsi } from "#app/domain/documents/win-ansi.ts";
import type { LetterOfIntentText } from "#app/domain/offers/letter-of-intent.ts";

import { renderMailedLetterPdf } from "./letter-pdf.server.ts";

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

/** The Letter of Intent, laid out as every mailed letter is (./letter-pdf.server.ts). */
export function renderLetterOfIntentPdf(text: LetterOfIntentText, at: Date): Promise<Uint8Array> {
  return renderMailedLetterPdf(text, at);
}
