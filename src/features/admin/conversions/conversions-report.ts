/**
 * The Conversions tab's rules: reading `conversion_report(p_days)` (supabase/migrations/
 * 20261125000000_conversions.sql, 20261126000000_…own_visits.sql), every day of the period with its counts (days without a
 * conversion included), one row per campaign, the totals and the delivery counts.
 */

export const CONVERSION_TYPES = ['lead_form', 'call_scheduling', 'resource_registration', 'contact'] as const;
export type ConversionType = (typeof CONVERSION_TYPES)[number];

export const PERIODS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: PeriodDays = 30;

export const DELIVERY_STATES = ['delivered', 'pending', 'failed', 'expired', 'not_configured', 'not_consented'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export interface DeliveryStatus {
  paused: boolean;
  problemCode: number | null;
  problemMessage: string | null;
  problemAt: string | null;
  lastSuccessAt: string | null;
  lastRunAt: string | null;
  apiVersion: string | null;
}

export interface ConversionReport {
  /** The first day of the period (YYYY-MM-DD, the server's day: UTC on Supabase). */
  from: string;
  /** Counts keyed by conversion type, or by event name for a row without a type. */
  byType: Record<string, number>;
  byDay: { day: string; type: string; n: number }[];
  byCampaign: { source: string | null; campaign: string | null; type: string; n: number }[];
  byState: Record<string, number>;
  /** The period's own visits of an admin (left out of every count above). */
  adminVisits: number;
  lastDeliveredAt: string | null;
  status: DeliveryStatus | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

function counts(value: unknown): Record<string, number> {
  if (!isObject(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, n]) => [key, count(n)]));
}

/** The report as the RPC answers it (jsonb), checked field by field. Throws when it is not a report. */
export function readReport(data: unknown): ConversionReport {
  const since = isObject(data) ? str(data.since) : null;
  const from = since?.slice(0, 10) ?? '';
  if (!isObject(data) || !/^\d{4}-\d{2}-\d{2}$/.test(from)) throw new Error('the server answered something that is not a conversion report');
  const rows = (value: unknown) => (Array.isArray(value) ? value.filter(isObject) : []);
  const status = isObject(data.status)
    ? {
        paused: data.status.paused === true,
        problemCode: int(data.status.problem_code),
        problemMessage: str(data.status.problem_message),
        problemAt: str(data.status.problem_at),
        lastSuccessAt: str(data.status.last_success_at),
        lastRunAt: str(data.status.last_run_at),
        apiVersion: str(data.status.api_version),
      }
    : null;
  return {
    from,
    byType: counts(data.by_type),
    byDay: rows(data.by_day).map((row) => ({ day: String(row.day), type: String(row.type), n: count(row.n) })),
    byCampaign: rows(data.by_campaign).map((row) => ({ source: str(row.source), campaign: str(row.campaign), type: String(row.type), n: count(row.n) })),
    byState: counts(data.by_state),
    adminVisits: count(data.admin_visits),
    lastDeliveredAt: str(data.last_delivered_at),
    status,
  };
}

/** YYYY-MM-DD plus whole days (UTC calendar arithmetic). */
export function addUtcDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Every day of the period, the first one first. */
export function periodDays(from: string, days: number): string[] {
  return Array.from({ length: days }, (_, index) => addUtcDays(from, index));
}

export function periodRange(from: string, days: number): { from: string; to: string } {
  return { from, to: addUtcDays(from, days - 1) };
}

/** The four conversion types in their order, then any other key the report holds (an event name), sorted. */
export function typesOf(report: ConversionReport): string[] {
  const seen = new Set<string>([...Object.keys(report.byType), ...report.byDay.map((row) => row.type), ...report.byCampaign.map((row) => row.type)]);
  const others = [...seen].filter((type) => !(CONVERSION_TYPES as readonly string[]).includes(type)).sort();
  return [...CONVERSION_TYPES, ...others];
}

const zeroes = (types: readonly string[]) => Object.fromEntries(types.map((type) => [type, 0])) as Record<string, number>;

export interface Totals {
  byType: Record<string, number>;
  total: number;
}

export function totalsOf(report: ConversionReport): Totals {
  const byType = { ...zeroes(typesOf(report)), ...report.byType };
  return { byType, total: Object.values(byType).reduce((sum, n) => sum + n, 0) };
}

export interface DayCounts {
  day: string;
  counts: Record<string, number>;
  total: number;
}

/** One entry per day of the period, zero-filled; rows outside the period are left out. */
export function dailySeries(report: ConversionReport, days: number): DayCounts[] {
  const types = typesOf(report);
  const series = periodDays(report.from, days).map((day) => ({ day, counts: zeroes(types), total: 0 }));
  const byDay = new Map(series.map((entry) => [entry.day, entry]));
  for (const row of report.byDay) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry.counts[row.type] = (entry.counts[row.type] ?? 0) + row.n;
    entry.total += row.n;
  }
  return series;
}

export interface CampaignRow {
  source: string | null;
  campaign: string | null;
  counts: Record<string, number>;
  total: number;
}

const byName = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');

/** One row per utm_source / utm_campaign pair: the total first (largest first), then by source and campaign. */
export function campaignRows(report: ConversionReport): CampaignRow[] {
  const types = typesOf(report);
  const rows = new Map<string, CampaignRow>();
  for (const { source, campaign, type, n } of report.byCampaign) {
    const key = JSON.stringify([source, campaign]);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { source, campaign, counts: zeroes(types), total: 0 }));
    row.counts[type] = (row.counts[type] ?? 0) + n;
    row.total += n;
  }
  return [...rows.values()].sort((a, b) => b.total - a.total || byName(a.source, b.source) || byName(a.campaign, b.campaign));
}

/** The period's conversions by delivery state, every state present. */
export function deliveryCounts(report: ConversionReport): Record<DeliveryState, number> {
  return Object.fromEntries(DELIVERY_STATES.map((state) => [state, report.byState[state] ?? 0])) as Record<DeliveryState, number>;
}

/** The last time Meta accepted an event: the newest delivered row, else the status' last success. */
export function lastDelivery(report: ConversionReport): string | null {
  return report.lastDeliveredAt ?? report.status?.lastSuccessAt ?? null;
}

export interface DeliveryProblem {
  code: number | null;
  message: string;
  at: string | null;
  paused: boolean;
  /** A delivery succeeded after the problem was seen. */
  resolved: boolean;
}

/** The latest problem the delivery runs recorded, or null when none was. */
export function latestProblem(status: DeliveryStatus | null): DeliveryProblem | null {
  if (!status || (status.problemMessage === null && status.problemCode === null)) return null;
  const at = status.problemAt ? Date.parse(status.problemAt) : NaN;
  const success = status.lastSuccessAt ? Date.parse(status.lastSuccessAt) : NaN;
  return {
    code: status.problemCode,
    message: status.problemMessage ?? '',
    at: status.problemAt,
    paused: status.paused,
    resolved: !status.paused && success > at,
  };
}

/** The busiest day of a series (the first of equals), or null when no day has a conversion. */
export function busiestDay(series: readonly DayCounts[]): DayCounts | null {
  return series.reduce<DayCounts | null>((best, entry) => (entry.total > (best?.total ?? 0) ? entry : best), null);
}

/** The chart's top value: the busiest day rounded up to 1, 2 or 5 × 10ⁿ (at least 1). */
export function chartMax(series: readonly DayCounts[]): number {
  const max = Math.max(1, ...series.map((entry) => entry.total));
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((step) => step >= max)!;
}

/** A type's label: the copy's for the four types, else the template with the key (an event name). */
export function typeLabel(type: string, labels: Readonly<Record<ConversionType, string>>, otherTemplate: string): string {
  return (CONVERSION_TYPES as readonly string[]).includes(type) ? labels[type as ConversionType] : otherTemplate.replace('{name}', type);
}
