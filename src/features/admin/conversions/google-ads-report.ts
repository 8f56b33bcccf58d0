/**
 * The Conversions tab's Google Ads part, read: `google_ads_report(p_days)`
 * (supabase/migrations/20261202000000_google_ads_delivery.sql) and the answers of the
 * `google-ads-check` edge function (GET: how the connection is set up; POST: Google's answer to
 * the connection check), each checked field by field; and the rules of what is said of them.
 */

export const GOOGLE_ADS_CHECK_FUNCTION = 'google-ads-check';

/** The states of a conversion's delivery to Google Ads, in the order the tab shows them. */
export const GOOGLE_STATES = ['delivered', 'pending', 'sent', 'partial', 'failed', 'expired', 'not_configured'] as const;
export type GoogleState = (typeof GOOGLE_STATES)[number];

export interface GoogleAdsStatus {
  paused: boolean;
  problemReason: string | null;
  /** What the coach is told of the problem, in words (the server's). */
  problemMessage: string | null;
  problemAt: string | null;
  lastSuccessAt: string | null;
  lastRunAt: string | null;
}

/** Conversions of one state that share one reason (Google's, or CLICK_TOO_OLD for an expired click). */
export interface GoogleReason {
  state: GoogleState;
  reason: string | null;
  message: string | null;
  n: number;
}

export interface GoogleAdsReport {
  byState: Record<string, number>;
  /** Pending, never tried: waiting for the click to be as old as Google asks. */
  waitingForClickAge: number;
  /** When the next pending conversion is due. */
  nextDueAt: string | null;
  reasons: GoogleReason[];
  lastDeliveredAt: string | null;
  status: GoogleAdsStatus | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
const isState = (value: unknown): value is GoogleState => (GOOGLE_STATES as readonly unknown[]).includes(value);

/** The report as the RPC answers it (jsonb). Throws when it is not one. */
export function readGoogleAdsReport(data: unknown): GoogleAdsReport {
  if (!isObject(data) || !isObject(data.by_state)) throw new Error('the server answered something that is not a Google Ads report');
  const status = isObject(data.status)
    ? {
        paused: data.status.paused === true,
        problemReason: str(data.status.problem_reason),
        problemMessage: str(data.status.problem_message),
        problemAt: str(data.status.problem_at),
        lastSuccessAt: str(data.status.last_success_at),
        lastRunAt: str(data.status.last_run_at),
      }
    : null;
  const reasons = Array.isArray(data.reasons) ? data.reasons.filter(isObject) : [];
  return {
    byState: Object.fromEntries(Object.entries(data.by_state).map(([state, n]) => [state, count(n)])),
    waitingForClickAge: count(data.waiting_for_click_age),
    nextDueAt: str(data.next_due_at),
    reasons: reasons
      .filter((row) => isState(row.state) && count(row.n) > 0)
      .map((row) => ({ state: row.state as GoogleState, reason: str(row.reason), message: str(row.message), n: count(row.n) })),
    lastDeliveredAt: str(data.last_delivered_at),
    status,
  };
}

/** The period's conversions by state, every state present. */
export function googleCounts(report: GoogleAdsReport): Record<GoogleState, number> {
  return Object.fromEntries(GOOGLE_STATES.map((state) => [state, report.byState[state] ?? 0])) as Record<GoogleState, number>;
}

/** The last time Google took a conversion: the newest delivered row, else the status' last success. */
export function lastGoogleDelivery(report: GoogleAdsReport): string | null {
  return report.lastDeliveredAt ?? report.status?.lastSuccessAt ?? null;
}

export interface GoogleProblem {
  reason: string | null;
  message: string | null;
  at: string | null;
  paused: boolean;
  /** A delivery succeeded after the problem was seen, and delivery is not paused. */
  resolved: boolean;
}

/** The latest problem the delivery runs recorded, or null when none was (a pause without words is one). */
export function googleProblem(status: GoogleAdsStatus | null): GoogleProblem | null {
  if (!status || (!status.paused && status.problemMessage === null && status.problemReason === null)) return null;
  const at = status.problemAt ? Date.parse(status.problemAt) : NaN;
  const success = status.lastSuccessAt ? Date.parse(status.lastSuccessAt) : NaN;
  return { reason: status.problemReason, message: status.problemMessage, at: status.problemAt, paused: status.paused, resolved: !status.paused && success > at };
}

/** Whether the next pending conversion is due already (it goes on the next delivery run). */
export function dueNow(nextDueAt: string, now: number): boolean {
  const at = Date.parse(nextDueAt);
  return Number.isNaN(at) || at <= now;
}

/** How Google Ads is set up on the server (the GET answer). */
export type GoogleAdsSetup =
  | { configured: false; missing: string[]; invalid: string | null }
  | {
      configured: true;
      account: string;
      /** The events that have a conversion action (Lead, Schedule, ...). */
      events: string[];
      delayMinutes: number | null;
      serviceAccount: string | null;
      /** The Data Manager API is on the server's own machine: the local fake of `npm run dev` or the tests. */
      localGoogle: boolean;
    };

const settingNames = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name)) : [];

/** The GET answer, or null when it is not one. */
export function readGoogleAdsSetup(data: unknown): GoogleAdsSetup | null {
  if (!isObject(data) || typeof data.configured !== 'boolean') return null;
  if (!data.configured) return { configured: false, missing: settingNames(data.missing), invalid: str(data.invalid) };
  const account = str(data.account);
  if (!account) return null;
  const delay = data.delay_minutes;
  const actions = isObject(data.actions) ? data.actions : {};
  return {
    configured: true,
    account,
    events: Object.entries(actions)
      .filter(([, action]) => str(action) !== null)
      .map(([name]) => name),
    delayMinutes: typeof delay === 'number' && Number.isInteger(delay) && delay >= 0 ? delay : null,
    serviceAccount: str(data.service_account),
    localGoogle: data.local_google === true,
  };
}

/** Google's answer to the connection check (POST, 200). */
export type GoogleAdsCheckResult =
  | { ok: true; checked: string[]; account: string | null }
  | { ok: false; kind: string | null; reason: string | null; status: number | null; message: string | null; advice: string | null };

/** The 200 answer to POST, or null when it is not one. */
export function readGoogleAdsCheck(data: unknown): GoogleAdsCheckResult | null {
  if (!isObject(data) || typeof data.ok !== 'boolean') return null;
  if (data.ok) {
    const checked = Array.isArray(data.checked) ? data.checked.filter((name): name is string => str(name) !== null) : [];
    return { ok: true, checked, account: str(data.account) };
  }
  const status = typeof data.status === 'number' && Number.isInteger(data.status) ? data.status : null;
  return { ok: false, kind: str(data.kind), reason: str(data.reason), status, message: str(data.message), advice: str(data.advice) };
}

/** The wait Google asks for, in whole hours when it is some, else in minutes. */
export function delayParts(minutes: number): { unit: 'hours' | 'minutes'; count: number } {
  return minutes > 0 && minutes % 60 === 0 ? { unit: 'hours', count: minutes / 60 } : { unit: 'minutes', count: minutes };
}

const listFormat = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/** Names as a sentence says them: "Lead", "Lead and Schedule", "Lead, Schedule, and Contact". */
export function listWords(names: readonly string[]): string {
  return listFormat.format(names);
}
