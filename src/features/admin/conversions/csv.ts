/**
 * RFC 4180 CSV: comma-separated, CRLF line ends, quotes doubled inside a quoted field.
 *
 * Formulas are neutralised in every piece a spreadsheet may split a cell into, not only at the
 * cell's start: Excel opens a .csv with the locale's list separator (';' in most of continental
 * Europe), and "Text to columns" and other importers split on ';', ',' or a tab, so in
 * `x;=HYPERLINK(…)` the `=HYPERLINK(…)` may become a cell of its own. The rule, for text cells:
 * - a piece is the text at the cell's start or after a ';', ',', tab, carriage return or line feed;
 *   a piece whose first character other than spaces is = + - or @ gets a single quote before that
 *   character, so a spreadsheet shows it as text instead of running it;
 * - a cell starting with a tab or a carriage return gets a single quote first (some spreadsheets
 *   drop leading whitespace and would then read what follows);
 * - a cell holding any of those separators, a quote or a line break is quoted, so a spreadsheet
 *   that honours quotes keeps it one cell whatever its separator.
 * Numbers and booleans are values, written as they are (-5 stays -5); dates, times with an offset
 * (`…T10:00:00+00:00`), URLs and campaign names have no such piece and read as they were.
 */
export type CsvValue = string | number | boolean | null | undefined;

const SEPARATORS = /([;,\t\r\n])/;
const FORMULA_PIECE = /^( *)(?=[=+\-@])/;
const NEEDS_QUOTES = /[";,\t\r\n]/;

/** The text with a single quote before every piece that a spreadsheet could read as a formula. */
function neutraliseFormulas(text: string): string {
  // split() with a capturing group keeps the separators at the odd indexes.
  const parts = text.split(SEPARATORS).map((part, index) => (index % 2 === 0 ? part.replace(FORMULA_PIECE, "$1'") : part));
  const joined = parts.join('');
  return /^[\t\r]/.test(joined) ? `'${joined}` : joined;
}

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutraliseFormulas(value) : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header line, then one line per row; every line ends with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
