/**
 * The text a PDF shows, for tests: every Flate-compressed content stream inflated (workerd's DecompressionStream) and
 * its shown strings (`<hex> Tj` as pdf-lib writes standard-font text, or `(text) Tj`) read as WinAnsi/Latin-1, one
 * line per text operation. Enough for the PDFs the app draws; not a general PDF reader.
 */
async function inflate(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return null;
  }
}

function shownText(content: string): string[] {
  const lines: string[] = [];
  for (const match of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
    if (match[1] !== undefined) {
      const hex = match[1].replace(/\s/g, "");
      lines.push(String.fromCharCode(...(hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16))));
    } else lines.push(match[2].replace(/\\(.)/g, "$1"));
  }
  return lines;
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const latin1 = new TextDecoder("latin1").decode(bytes);
  const lines: string[] = [];
  // Each stream's dictionary names its length; the bytes after `stream` are exactly that many.
  for (const match of latin1.matchAll(/<<((?:(?!>>\s*stream)[\s\S])*?)\/Length (\d+)([\s\S]*?)>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const raw = bytes.slice(start, start + Number(match[2]));
    const inflated = await inflate(raw);
    lines.push(...shownText(new TextDecoder("latin1").decode(inflated ?? raw)));
  }
  return lines.join("\n");
}
