/** The CSV export (src/features/admin/conversions/csv.ts, src/features/admin/conversions/conversions-export.ts): RFC 4180, no formulas, all columns. */
import { describe, expect, it } from 'vitest';
import { type CsvValue, csvCell, toCsv } from '~/features/admin/conversions/csv';
import { readCsv as parseCsv } from '../support/read-csv';
import { CONVERSION_ROW_COLUMNS, EXPORT_PAGE_SIZE, addPage, conversionsCsv, csvFileName } from '~/features/admin/conversions/conversions-export';

describe('csvCell', () => {
  it('writes plain text, numbers and booleans as they are, null and undefined as empty', () => {
    expect(['abc', 42, 0, true, false, null, undefined].map(csvCell)).toEqual(['abc', '42', '0', 'true', 'false', '', '']);
  });

  it('quotes a field with a comma, a quote or a line break, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('neutralises formulas: text starting with = + - @, a tab or a carriage return gets a leading quote', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(['+1', '-2+3', '@SUM(A1)'].map(csvCell)).toEqual(["'+1", "'-2+3", "'@SUM(A1)"]);
    expect(csvCell('\tx')).toBe('"\'\tx"');
    expect(csvCell('\r=1')).toBe('"\'\r\'=1"');
    // Numbers are values, not text a visitor typed.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a=b')).toBe('a=b');
  });

  // What a spreadsheet may split one cell into: Excel opens a .csv with the locale's list
  // separator (';' in most of continental Europe), and "Text to columns" and other importers split
  // on ';', ',' or a tab. Every piece of every cell must read as text there.
  const SPLIT_VALUES = ['x;=HYPERLINK("http://evil.example","a");y', 'x,=1+1', 'x\t=1', 'a;+1', 'a;-1', 'a;@SUM(1)', 'a; =1', '\t=1'];
  const pieces = (cell: string) => cell.split(/[;,\t\r\n]/).map((piece) => piece.trimStart());
  const formulaPieces = (csv: string) =>
    parseCsv(csv)
      .flat()
      .flatMap(pieces)
      .filter((piece) => /^[=+\-@]/.test(piece));

  it('neutralises a formula after a ; , or tab inside a cell, where a spreadsheet may split it', () => {
    const csv = toCsv(
      ['value'],
      SPLIT_VALUES.map((value) => [value]),
    );
    expect(formulaPieces(csv)).toEqual([]);
    expect(SPLIT_VALUES.map(csvCell)).toEqual([
      '"x;\'=HYPERLINK(""http://evil.example"",""a"");y"',
      '"x,\'=1+1"',
      '"x\t\'=1"',
      '"a;\'+1"',
      '"a;\'-1"',
      '"a;\'@SUM(1)"',
      '"a; \'=1"',
      '"\'\t\'=1"',
    ]);
  });

  it('quotes a cell with a ; or a tab, so a spreadsheet splitting on either keeps it one cell', () => {
    expect(csvCell('Spring sale; 20% off')).toBe('"Spring sale; 20% off"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    // Read back, the quoted cell is whole.
    expect(parseCsv(toCsv(['campaign', 'n'], [['Spring sale; 20% off', 3]]))[1]).toEqual(['Spring sale; 20% off', '3']);
  });

  it('leaves real values readable: numbers, dates, times with an offset, URLs, campaign names', () => {
    const values: CsvValue[] = [
      -5,
      -1.25,
      '2026-11-25',
      '2026-11-25T10:00:00+00:00',
      'https://example.com/guides?utm_source=fb&utm_campaign=spring-2026',
      'spring-sale_2026',
      'l.facebook.com',
    ];
    expect(values.map(csvCell)).toEqual(values.map(String));
  });
});

describe('toCsv', () => {
  it('ends every line with CRLF and reads back to the same cells', () => {
    const text = toCsv(
      ['a', 'b'],
      [
        ['x,y', 'line\nbreak'],
        ['"q"', null],
      ],
    );
    expect(text).toBe('a,b\r\n"x,y","line\nbreak"\r\n"""q""",\r\n');
    expect(parseCsv(text)).toEqual([
      ['a', 'b'],
      ['x,y', 'line\nbreak'],
      ['"q"', ''],
    ]);
  });
});

describe('conversionsCsv', () => {
  const row = {
    event_id: 'ev-1',
    received_at: '2026-11-25T10:00:00+00:00',
    event_time: '2026-11-25T09:59:58+00:00',
    event_name: 'Lead',
    conversion_type: 'lead_form',
    page_path: '/thank-you',
    utm_source: 'facebook',
    utm_medium: null,
    utm_campaign: '=cmd|" /C calc"!A0',
    utm_content: 'a, b',
    utm_term: null,
    referrer_host: 'l.facebook.com',
    landing_path: '/',
    had_fbclid: true,
    had_gclid: false,
    consented: true,
    state: 'failed',
    attempts: 3,
    last_error_code: 190,
    last_error_message: 'Error validating access token:\n"expired"',
    delivered_at: null,
    google_state: 'partial',
    google_attempts: 1,
    google_error_reason: 'INVALID_CLICK_ID',
    google_error_message: 'Google took 3 of the 4 conversions sent with it and refused 1 (INVALID_CLICK_ID × 1), without saying which.',
    google_delivered_at: '2026-11-25T16:05:00+00:00',
    ip_address: '203.0.113.9',
  };

  it('has a header of every column of conversion_rows, in order, and one line per row', () => {
    const lines = parseCsv(conversionsCsv([row, { ...row, event_id: 'ev-2' }]));
    expect(lines[0]).toEqual([...CONVERSION_ROW_COLUMNS]);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toEqual([
      'ev-1',
      '2026-11-25T10:00:00+00:00',
      '2026-11-25T09:59:58+00:00',
      'Lead',
      'lead_form',
      '/thank-you',
      'facebook',
      '',
      '\'=cmd|" /C calc"!A0',
      'a, b',
      '',
      'l.facebook.com',
      '/',
      'true',
      'false',
      'true',
      'failed',
      '3',
      '190',
      'Error validating access token:\n"expired"',
      '',
      'partial',
      '1',
      'INVALID_CLICK_ID',
      'Google took 3 of the 4 conversions sent with it and refused 1 (INVALID_CLICK_ID × 1), without saying which.',
      '2026-11-25T16:05:00+00:00',
    ]);
  });

  it('ends with the Google Ads columns, named like Meta’s; a conversion without a Google click leaves them empty', () => {
    expect(CONVERSION_ROW_COLUMNS.slice(-5)).toEqual(['google_state', 'google_attempts', 'google_error_reason', 'google_error_message', 'google_delivered_at']);
    const { google_state: _s, google_attempts: _a, google_error_reason: _r, google_error_message: _m, google_delivered_at: _d, ...metaOnly } = row;
    const [, line] = parseCsv(conversionsCsv([{ ...metaOnly, google_state: null }]));
    expect(line).toHaveLength(CONVERSION_ROW_COLUMNS.length);
    expect(line!.slice(-6)).toEqual(['', '', '', '', '', '']);
  });

  it('writes only the columns of conversion_rows, whatever else a row holds', () => {
    expect(conversionsCsv([row])).not.toContain('203.0.113.9');
  });

  it('an empty period is the header alone', () => {
    expect(conversionsCsv([])).toBe(`${CONVERSION_ROW_COLUMNS.join(',')}\r\n`);
  });

  it('names the file by the period', () => {
    expect(csvFileName('2026-10-27', '2026-11-25')).toBe('conversions-2026-10-27-2026-11-25.csv');
  });
});

describe('reading the rows page by page', () => {
  const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ event_id: `e${from + i}` }));

  it('goes on after a full page, stops after a short one', () => {
    let step = addPage([], rows(0, EXPORT_PAGE_SIZE));
    expect(step.done).toBe(false);
    step = addPage(step.rows, rows(EXPORT_PAGE_SIZE, 3));
    expect(step).toMatchObject({ done: true });
    expect(step.rows).toHaveLength(EXPORT_PAGE_SIZE + 3);
  });

  it('keeps each event once when a new row pushed the next page down', () => {
    const first = addPage([], rows(0, EXPORT_PAGE_SIZE));
    const second = addPage(first.rows, rows(EXPORT_PAGE_SIZE - 1, 2));
    expect(second.rows.map((row) => row.event_id).slice(-2)).toEqual([`e${EXPORT_PAGE_SIZE - 1}`, `e${EXPORT_PAGE_SIZE}`]);
    expect(second.rows).toHaveLength(EXPORT_PAGE_SIZE + 1);
  });

  it('stops when a page brings nothing new (a server that ignores the range)', () => {
    const all = rows(0, EXPORT_PAGE_SIZE + 5);
    const first = addPage([], all);
    expect(first.done).toBe(false);
    expect(addPage(first.rows, all)).toMatchObject({ done: true });
  });
});
