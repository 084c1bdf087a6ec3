/**
 * What a PDF holds, for the fake Lob and the letter layout tests: each page's size, each font (standard 14 or
 * embedded), and where each page draws — every text run, path and image as a box in PDF points, read from the page's
 * content stream operations (pdf-lib decodes the streams; the operators are interpreted here). Enough for the PDFs
 * pdf-lib writes (translation and scale, no rotation); not a general PDF renderer.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  StandardFonts,
  type PDFFont,
  type PDFObject,
} from "pdf-lib";

export type Box = { x0: number; y0: number; x1: number; y1: number };
export type Mark = Box & { kind: "text" | "path" | "image"; text?: string };
export type PageReport = { width: number; height: number; marks: Mark[] };
export type FontReport = { name: string; subtype: string; standard: boolean; embedded: boolean };

/** The standard 14 fonts every PDF reader (and Lob's printers) has without embedding. */
const STANDARD_14 = new Set<string>(Object.values(StandardFonts));

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number) => ({ x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] });

function boxOf(points: { x: number; y: number }[], pad = 0): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x0: Math.min(...xs) - pad, y0: Math.min(...ys) - pad, x1: Math.max(...xs) + pad, y1: Math.max(...ys) + pad };
}

type Token =
  | { type: "number"; value: number }
  | { type: "string"; value: string }
  | { type: "name"; value: string }
  | { type: "op"; value: string }
  | { type: "array"; value: Token[] };

/** The content stream's tokens (numbers, strings, names, arrays, operators); dictionaries (inline images) are skipped. */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const stack: Token[][] = [tokens];
  const push = (token: Token) => stack[stack.length - 1].push(token);
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/.test(c)) i++;
    else if (c === "%") while (i < source.length && source[i] !== "\n") i++;
    else if (c === "[") {
      const array: Token[] = [];
      push({ type: "array", value: array });
      stack.push(array);
      i++;
    } else if (c === "]") {
      stack.pop();
      i++;
    } else if (c === "(") {
      let depth = 1;
      let text = "";
      i++;
      while (i < source.length && depth > 0) {
        const d = source[i];
        if (d === "\\") {
          const next = source[i + 1];
          const escapes: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
          if (/[0-7]/.test(next)) {
            const octal = /^[0-7]{1,3}/.exec(source.slice(i + 1))![0];
            text += String.fromCharCode(parseInt(octal, 8));
            i += 1 + octal.length;
            continue;
          }
          text += escapes[next] ?? next;
          i += 2;
          continue;
        }
        if (d === "(") depth++;
        if (d === ")" && --depth === 0) break;
        text += d;
        i++;
      }
      i++;
      push({ type: "string", value: text });
    } else if (c === "<" && source[i + 1] === "<") {
      // A dictionary (marked content, inline image parameters): skipped whole.
      let depth = 0;
      do {
        if (source.startsWith("<<", i)) {
          depth++;
          i += 2;
        } else if (source.startsWith(">>", i)) {
          depth--;
          i += 2;
        } else i++;
      } while (depth > 0 && i < source.length);
    } else if (c === "<") {
      const end = source.indexOf(">", i);
      const hex = source.slice(i + 1, end).replace(/\s/g, "");
      push({ type: "string", value: String.fromCharCode(...(hex.match(/..?/g) ?? []).map((pair) => parseInt(pair.padEnd(2, "0"), 16))) });
      i = end + 1;
    } else if (c === "/") {
      const match = /^\/[^\s/[\]()<>{}%]*/.exec(source.slice(i))![0];
      push({ type: "name", value: match.slice(1) });
      i += match.length;
    } else {
      const match = /^[^\s/[\]()<>{}%]+/.exec(source.slice(i))![0];
      const number = Number(match);
      push(
        Number.isFinite(number) && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(match)
          ? { type: "number", value: number }
          : { type: "op", value: match },
      );
      i += match.length;
    }
  }
  return tokens;
}

async function contentOf(doc: PDFDocument, contents: PDFObject | undefined): Promise<string> {
  const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const parts: string[] = [];
  for (const item of streams) {
    const stream = item instanceof PDFRef ? doc.context.lookup(item) : item;
    if (stream instanceof PDFRawStream) parts.push(new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode()));
  }
  return parts.join("\n");
}

/** Every page's size and drawn boxes. */
export async function inspectPdf(bytes: Uint8Array): Promise<{ pages: PageReport[]; fonts: FontReport[] }> {
  const doc = await PDFDocument.load(bytes);
  const scratch = await PDFDocument.create();
  const metrics = new Map<string, PDFFont>();
  const fontFor = async (baseFont: string): Promise<PDFFont | null> => {
    if (!STANDARD_14.has(baseFont)) return null;
    if (!metrics.has(baseFont)) metrics.set(baseFont, await scratch.embedFont(baseFont));
    return metrics.get(baseFont)!;
  };

  const pages: PageReport[] = [];
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    const fontsDict = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    const baseFonts = new Map<string, string>();
    for (const [key, ref] of fontsDict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      baseFonts.set(key.decodeText(), font.lookupMaybe(PDFName.of("BaseFont"), PDFName)?.decodeText() ?? "");
    }

    const marks: Mark[] = [];
    let ctm: Matrix = IDENTITY;
    const saved: Matrix[] = [];
    let lineWidth = 1;
    let path: { x: number; y: number }[] = [];
    let tm: Matrix = IDENTITY;
    let tlm: Matrix = IDENTITY;
    let font: PDFFont | null = null;
    let fontSize = 12;
    let leading = 0;
    const operands: Token[] = [];
    const num = (index: number) => {
      const token = operands[index];
      return token?.type === "number" ? token.value : 0;
    };
    const show = (text: string) => {
      const advance = font ? font.widthOfTextAtSize(text, fontSize) : text.length * fontSize * 0.6;
      const m = multiply(tm, ctm);
      marks.push({ kind: "text", text, ...boxOf([apply(m, 0, -0.25 * fontSize), apply(m, advance, fontSize)]) });
      tm = multiply([1, 0, 0, 1, advance, 0], tm);
    };
    const nextLine = (tx: number, ty: number) => {
      tlm = multiply([1, 0, 0, 1, tx, ty], tlm);
      tm = tlm;
    };

    for (const token of tokenize(await contentOf(doc, page.node.Contents()))) {
      if (token.type !== "op") {
        operands.push(token);
        continue;
      }
      const op = token.value;
      if (op === "q") saved.push(ctm);
      else if (op === "Q") ctm = saved.pop() ?? IDENTITY;
      else if (op === "cm") ctm = multiply([num(0), num(1), num(2), num(3), num(4), num(5)], ctm);
      else if (op === "w") lineWidth = num(0);
      else if (op === "m" || op === "l") path.push(apply(ctm, num(0), num(1)));
      else if (op === "c") path.push(apply(ctm, num(0), num(1)), apply(ctm, num(2), num(3)), apply(ctm, num(4), num(5)));
      else if (op === "v" || op === "y") path.push(apply(ctm, num(0), num(1)), apply(ctm, num(2), num(3)));
      else if (op === "re") {
        const [x, y, w, h] = [num(0), num(1), num(2), num(3)];
        path.push(apply(ctm, x, y), apply(ctm, x + w, y + h));
      } else if (["S", "s", "f", "F", "f*", "B", "B*", "b", "b*"].includes(op)) {
        if (path.length) marks.push({ kind: "path", ...boxOf(path, lineWidth / 2) });
        path = [];
      } else if (op === "n") path = [];
      else if (op === "Do") marks.push({ kind: "image", ...boxOf([apply(ctm, 0, 0), apply(ctm, 1, 1)]) });
      else if (op === "BT") {
        tm = IDENTITY;
        tlm = IDENTITY;
      } else if (op === "Tf") {
        const name = operands[0]?.type === "name" ? operands[0].value : "";
        font = await fontFor(baseFonts.get(name) ?? "");
        fontSize = num(1);
      } else if (op === "TL") leading = num(0);
      else if (op === "Tm") {
        tlm = [num(0), num(1), num(2), num(3), num(4), num(5)];
        tm = tlm;
      } else if (op === "Td") nextLine(num(0), num(1));
      else if (op === "TD") {
        leading = -num(1);
        nextLine(num(0), num(1));
      } else if (op === "T*") nextLine(0, -leading);
      else if (op === "Tj" || op === "'" || op === '"') {
        if (op !== "Tj") nextLine(0, -leading);
        const text = operands[operands.length - 1];
        if (text?.type === "string") show(text.value);
      } else if (op === "TJ") {
        const array = operands[0]?.type === "array" ? operands[0].value : [];
        for (const item of array) {
          if (item.type === "string") show(item.value);
          else if (item.type === "number") tm = multiply([1, 0, 0, 1, (-item.value / 1000) * fontSize, 0], tm);
        }
      }
      operands.length = 0;
    }
    pages.push({ width, height, marks });
  }

  const fonts: FontReport[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.lookupMaybe(PDFName.of("Type"), PDFName)?.decodeText() !== "Font") continue;
    const subtype = object.lookupMaybe(PDFName.of("Subtype"), PDFName)?.decodeText() ?? "";
    if (subtype === "Type0") continue; // its descendant font is listed on its own
    const name = object.lookupMaybe(PDFName.of("BaseFont"), PDFName)?.decodeText() ?? "";
    const descriptor = object.lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
    const embedded = ["FontFile", "FontFile2", "FontFile3"].some((key) => descriptor?.has(PDFName.of(key)) ?? false);
    fonts.push({ name, subtype, standard: subtype === "Type1" && STANDARD_14.has(name), embedded });
  }
  return { pages, fonts };
}

/** True when the two boxes share any area. */
export function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}
