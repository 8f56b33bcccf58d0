/**
 * RFC 4180 CSV: comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote or
 * a line break (quotes doubled inside). A text cell starting with = + - @ (or a tab or carriage
 * return) gets a leading single quote, so a spreadsheet shows it as text instead of running it
 * as a formula; numbers and booleans are written as they are.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header line, then one line per row; every line ends with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
