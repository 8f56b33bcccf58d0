/** The CSV export of the period's conversions (`conversion_rows(p_days)`: no personal data), with their delivery to Meta and to Google Ads. */
import { type CsvValue, toCsv } from './csv';

/** The columns of conversion_rows, in its order; the CSV's header. */
export const CONVERSION_ROW_COLUMNS = [
  'event_id',
  'received_at',
  'event_time',
  'event_name',
  'conversion_type',
  'page_path',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'referrer_host',
  'landing_path',
  'had_fbclid',
  'had_gclid',
  'consented',
  'state',
  'attempts',
  'last_error_code',
  'last_error_message',
  'delivered_at',
  // Delivery to Google Ads (empty when the conversion had no Google click with consent).
  'google_state',
  'google_attempts',
  'google_error_reason',
  'google_error_message',
  'google_delivered_at',
] as const;

const cellOf = (value: unknown): CsvValue =>
  value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value);

export function conversionsCsv(rows: readonly Record<string, unknown>[]): string {
  return toCsv(
    CONVERSION_ROW_COLUMNS,
    rows.map((row) => CONVERSION_ROW_COLUMNS.map((column) => cellOf(row[column]))),
  );
}

export function csvFileName(from: string, to: string): string {
  return `conversions-${from}-${to}.csv`;
}

/** Rows asked for per call: PostgREST caps an answer (Supabase: 1000 rows by default). */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Adds a page of rows to those read so far, each event once. A row recorded while paging pushes
 * the older ones down a place, so a page may repeat the last row of the one before.
 * `done` when the page was the last one, or brought nothing new (a server that ignores the range).
 */
export function addPage(rows: Record<string, unknown>[], page: readonly Record<string, unknown>[]): { rows: Record<string, unknown>[]; done: boolean } {
  const seen = new Set(rows.map((row) => row.event_id));
  const fresh = page.filter((row) => !seen.has(row.event_id));
  return { rows: [...rows, ...fresh], done: page.length < EXPORT_PAGE_SIZE || fresh.length === 0 };
}
