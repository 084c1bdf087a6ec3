/**
 * The comp report's pdf-lib layout (docs/decisions/091-comps-the-user-can-defend.md; its text is
 * app/domain/valuation/comp-report.ts): a Letter page of the subject and the value, the comps' positions drawn as a
 * plot (subject at the centre, north up, no map tiles), then the grid with each comp's adjustment lines, then the
 * method. Deterministic (fixed dates), like the other layouts in pdf.server.ts.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

import type { CompReportText } from "#app/domain/valuation/comp-report.ts";

const PAGE: [number, number] = [612, 792];
const MARGIN = 50;
const PLOT_SIZE = 200;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const ACCENT = rgb(0.05, 0.4, 0.75);
/** The grid's columns: x offsets from the margin. */
const COLUMNS = [
  { title: "#", x: 0 },
  { title: "Address", x: 16 },
  { title: "Sold", x: 206 },
  { title: "Date", x: 266 },
  { title: "Distance", x: 330 },
  { title: "Adjusted", x: 386 },
  { title: "Weight", x: 450 },
] as const;

/** Helvetica in pdf-lib speaks WinAnsi only: keep printable Latin-1 and replace the rest. */
const winAnsi = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, "-")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of winAnsi(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }
  room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }
  text(raw: string, options: { font?: PDFFont; size?: number; x?: number; gap?: number; color?: ReturnType<typeof rgb> } = {}) {
    const { font = this.regular, size = 10, x = 0, gap = 2, color = INK } = options;
    for (const line of wrap(raw, font, size, PAGE[0] - MARGIN * 2 - x)) {
      this.room(size + 3);
      this.page.drawText(line, { x: MARGIN + x, y: this.y - size, size, font, color });
      this.y -= size + 3;
    }
    this.y -= gap;
  }
}

/** The comps' positions around the subject, scaled to the farthest, with a scale line. */
function drawPlot(w: Writer, points: CompReportText["points"]) {
  w.room(PLOT_SIZE + 30);
  const left = MARGIN;
  const bottom = w.y - PLOT_SIZE;
  const half = PLOT_SIZE / 2;
  const reach = Math.max(0.25, ...points.map((p) => Math.max(Math.abs(p.east), Math.abs(p.north)))) * 1.1;
  const scale = half / reach;
  const cx = left + half;
  const cy = bottom + half;
  w.page.drawRectangle({ x: left, y: bottom, width: PLOT_SIZE, height: PLOT_SIZE, borderColor: MUTED, borderWidth: 0.75 });
  w.page.drawLine({ start: { x: cx, y: bottom }, end: { x: cx, y: bottom + PLOT_SIZE }, color: rgb(0.85, 0.85, 0.88), thickness: 0.5 });
  w.page.drawLine({ start: { x: left, y: cy }, end: { x: left + PLOT_SIZE, y: cy }, color: rgb(0.85, 0.85, 0.88), thickness: 0.5 });
  w.page.drawRectangle({ x: cx - 4, y: cy - 4, width: 8, height: 8, color: rgb(0.85, 0.2, 0.2) });
  for (const p of points) {
    const x = cx + p.east * scale;
    const y = cy + p.north * scale;
    w.page.drawCircle({ x, y, size: 3.5, color: ACCENT });
    w.page.drawText(String(p.number), { x: x + 5, y: y + 2, size: 8, font: w.bold, color: INK });
  }
  const note = `Subject (red square) at the centre, north up; the box is ${(reach * 2).toFixed(2)} miles across.`;
  w.page.drawText("N", { x: cx - 3, y: bottom + PLOT_SIZE + 4, size: 9, font: w.bold, color: MUTED });
  for (const [i, line] of wrap(note, w.regular, 9, 300).entries()) {
    w.page.drawText(line, { x: left + PLOT_SIZE + 16, y: cy - i * 12, size: 9, font: w.regular, color: MUTED });
  }
  w.y = bottom - 16;
}

function drawGrid(w: Writer, rows: CompReportText["rows"]) {
  w.room(30);
  for (const column of COLUMNS) {
    w.page.drawText(column.title, { x: MARGIN + column.x, y: w.y - 9, size: 9, font: w.bold, color: MUTED });
  }
  w.y -= 16;
  for (const row of rows) {
    w.room(25 + row.adjustments.length * 11);
    const cells = [String(row.number), row.address, row.price, row.date, row.distance, row.adjusted, row.weight];
    cells.forEach((cell, i) => {
      const width = (COLUMNS[i + 1]?.x ?? 510) - COLUMNS[i].x - 4;
      const [first] = wrap(cell, i === 1 ? w.bold : w.regular, 9, width);
      w.page.drawText(first ?? "", { x: MARGIN + COLUMNS[i].x, y: w.y - 9, size: 9, font: i === 1 ? w.bold : w.regular, color: INK });
    });
    w.y -= 13;
    w.text(row.share, { size: 8, x: 16, gap: 0, color: INK });
    for (const line of row.adjustments) w.text(line, { size: 8, x: 16, gap: 0, color: INK });
    if (row.adjustments.length === 0) w.text("No adjustments: the sale matches the subject as recorded.", { size: 8, x: 16, gap: 0 });
    for (const flag of row.flags) w.text(`Stands out: ${flag}`, { size: 8, x: 16, gap: 0, color: rgb(0.7, 0.3, 0.05) });
    w.y -= 5;
  }
}

export async function renderCompReportPdf(text: CompReportText): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(text.title);
  pdf.setProducer("Breeze");
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const w = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  w.text(text.title.toUpperCase(), { font: w.bold, size: 16, gap: 8 });
  w.text("Subject", { font: w.bold, size: 11 });
  for (const line of text.subject) w.text(line);
  w.y -= 4;
  w.text("Value", { font: w.bold, size: 11 });
  for (const line of text.value) w.text(line);
  if (text.choices.length > 0) {
    w.y -= 4;
    w.text("Your comp choices", { font: w.bold, size: 11 });
    for (const line of text.choices) w.text(line, { size: 9 });
  }
  w.y -= 6;
  w.text("Comp positions", { font: w.bold, size: 11, gap: 6 });
  drawPlot(w, text.points);
  w.text("Sales comparison grid", { font: w.bold, size: 11, gap: 6 });
  drawGrid(w, text.rows);
  w.y -= 6;
  w.text("Method", { font: w.bold, size: 11 });
  w.text(text.method, { size: 9 });
  return pdf.save();
}
