/**
 * Helvetica in pdf-lib speaks WinAnsi only: curly quotes and dashes become their plain forms and anything else outside
 * printable Latin-1 becomes "?". Line breaks never reach it: the letter layout splits text into lines first.
 */
export function winAnsi(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
}
