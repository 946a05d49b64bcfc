import type { ImportCell } from '@graftmatch/domain';

// CSV formula injection (OWASP, "CSV Injection"; docs/import.md, "Export"): a spreadsheet runs a
// cell that starts with = + - @, tab or carriage return as a formula. The export puts one `'` before
// such a text, and before a text that is already quotes followed by such a character, so the
// import can take exactly one `'` off again and every text comes back as it was.

const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;
const QUOTED = /^'+[=+\-@\t\r]/;

/** The text as the CSV export writes it. */
export const neutraliseFormula = (text: string): string => (NEEDS_QUOTE.test(text) ? `'${text}` : text);

/** A CSV cell as the export meant it: one leading `'` fewer before a formula character. */
export function restoreFormula(cell: ImportCell): ImportCell {
  return typeof cell === 'string' && QUOTED.test(cell) ? cell.slice(1) : cell;
}
