/**
 * Delivering recorded conversions to Google Ads: read back what Google has processed, then claim
 * due events, send them in batches and settle each by Google's answer (google-ads-ledger.ts, the
 * Data Manager client in google-ads.ts). The endpoint runs it for its one new event when it is
 * due at once; the scheduled run for everything due. Runtime-free.
 *
 * - sent: Google has the request; its processing is read back later (delivered, partial, failed).
 * - no answer, 429, 5xx: tried again later (delivery-schedule.ts), the same transaction id.
 * - the key, the account or a conversion action refused: every event stays pending, delivery
 *   pauses (each run then tries one batch) until Google accepts again; the coach is told what to fix.
 * - events refused for what is in them: those fail with Google's reason, the others go on.
 */
import { retryWaitMs } from './delivery-schedule.ts';
import type { GoogleAdsEvent } from './google-ads-event.ts';
import { HARMLESS } from './google-ads-problems.ts';
import type { GoogleDestinationStatus, GoogleProblem, GoogleSendResult, GoogleStatusResult } from './google-ads.ts';
import type { ClaimedGoogleEvent, GoogleAdsLedger, GoogleDeliveryStatus, GoogleOutcome, SentGoogleEvent } from './google-ads-ledger.ts';
import type { UpstreamDeps } from './meta-capi.ts';

/** The Data Manager API as the delivery uses it (google-ads.ts, bound to the settings). */
export interface GoogleAdsClient {
  maxBatch: number;
  send(events: readonly GoogleAdsEvent[], options?: { validateOnly?: boolean }): Promise<GoogleSendResult>;
  status(requestId: string): Promise<GoogleStatusResult>;
  /** The conversion action an event goes to. */
  actionFor(eventName: string): string | null;
  /** What the coach is told of a refusal of the key, the account or an action. */
  problemWords(problem: GoogleProblem): string;
  /** The wait before a click's conversion goes (GOOGLE_ADS_DELAY_MINUTES). */
  delayMinutes: number;
}

export interface GoogleDeliveryOptions {
  eventId?: string;
  batchSize?: number;
  budgetMs?: number;
  leaseS?: number;
}

export interface GoogleDeliveryReport {
  sent: number;
  delivered: number;
  partial: number;
  failed: number;
  retried: number;
  batches: number;
  stopped: 'outage' | 'account' | 'budget' | null;
  problem: { reason: string | null; message: string } | null;
}

const MINUTE = 60_000;
/** When a sent request is first read back, then how the wait grows while Google is processing it. */
export function readBackWaitMs(sinceSentMs: number): number {
  if (sinceSentMs < 10 * MINUTE) return MINUTE;
  if (sinceSentMs < 60 * MINUTE) return 5 * MINUTE;
  return 15 * MINUTE;
}

type Problem = GoogleProblem;

function retryOutcome(row: ClaimedGoogleEvent, problem: Problem, client: GoogleAdsClient, deps: UpstreamDeps): GoogleOutcome {
  const now = deps.now();
  const dueSince = Math.max(Date.parse(row.click_time) + client.delayMinutes * MINUTE, Date.parse(row.google_event.event_time));
  return {
    event_id: row.event_id,
    outcome: 'retry',
    next_attempt_at: new Date(now + retryWaitMs(row.attempts, now - dueSince, deps.random())).toISOString(),
    reason: problem.reason,
    message: problem.message,
  };
}

async function sendBatch(rows: ClaimedGoogleEvent[], client: GoogleAdsClient, deps: UpstreamDeps): Promise<{ outcomes: GoogleOutcome[]; stop: Problem | null }> {
  const result = await client.send(rows.map((row) => row.google_event));
  if (result.kind === 'sent') {
    const { requestId } = result;
    // Without a request id there is nothing to read back: Google has taken them.
    if (!requestId) return { outcomes: rows.map((row) => ({ event_id: row.event_id, outcome: 'delivered' })), stop: null };
    const next = new Date(deps.now() + readBackWaitMs(0)).toISOString();
    return { outcomes: rows.map((row) => ({ event_id: row.event_id, outcome: 'sent', request_id: requestId, next_attempt_at: next })), stop: null };
  }
  if (result.kind !== 'rejected') return { outcomes: rows.map((row) => retryOutcome(row, result, client, deps)), stop: result };
  const named = new Set(result.events.filter((index) => index >= 0 && index < rows.length));
  if (named.size > 0 || rows.length === 1) {
    const refused = rows.filter((_, index) => named.size === 0 || named.has(index));
    for (const row of refused) deps.log('google-ads: event refused', { event_id: row.event_id, status: result.status, reason: result.reason, error: result.message });
    const failed: GoogleOutcome[] = refused.map((row) => ({ event_id: row.event_id, outcome: 'failed', reason: result.reason, message: result.message }));
    const rest = rows.filter((_, index) => named.size > 0 && !named.has(index));
    if (rest.length === 0) return { outcomes: failed, stop: null };
    const after = await sendBatch(rest, client, deps);
    return { outcomes: [...failed, ...after.outcomes], stop: after.stop };
  }
  // Refused as a whole without naming an event: halves, until the refused ones are alone.
  const half = Math.ceil(rows.length / 2);
  const first = await sendBatch(rows.slice(0, half), client, deps);
  if (first.stop) return { outcomes: [...first.outcomes, ...rows.slice(half).map((row) => retryOutcome(row, first.stop!, client, deps))], stop: first.stop };
  const second = await sendBatch(rows.slice(half), client, deps);
  return { outcomes: [...first.outcomes, ...second.outcomes], stop: second.stop };
}

/** Google's reasons, in its words ("INVALID_CLICK_ID × 1"). */
const reasonsOf = (errors: GoogleDestinationStatus['errors']) => errors.map((error) => `${error.reason} × ${error.count}`).join(', ');

/** Each read-back row's outcome from its request's status. */
export function readBackOutcomes(rows: SentGoogleEvent[], result: GoogleStatusResult, client: GoogleAdsClient, now: number): GoogleOutcome[] {
  const later = (row: SentGoogleEvent, reason: string | null = null, message?: string): GoogleOutcome => ({
    event_id: row.event_id,
    outcome: 'check',
    next_attempt_at: new Date(now + readBackWaitMs(now - Date.parse(row.sent_at))).toISOString(),
    reason,
    ...(message ? { message } : {}),
  });
  if (result.kind !== 'status') return rows.map((row) => later(row, result.reason, `Google's processing could not be read: ${result.message}`));
  return rows.map((row) => {
    const action = client.actionFor(row.google_event.event_name);
    const destination = result.destinations.find((candidate) => candidate.productDestinationId === action) ?? (result.destinations.length === 1 ? result.destinations[0] : undefined);
    if (!destination || destination.status === 'PROCESSING' || destination.status === 'REQUEST_STATUS_UNKNOWN') return later(row);
    // A transaction id Google had already (a resend after an answer that was lost) is counted once: delivered.
    const errors = destination.errors.filter((error) => error.count > 0 && !HARMLESS.has(error.reason));
    const onlyDuplicates = destination.errors.length > 0 && errors.length === 0;
    if (destination.status === 'SUCCESS' || onlyDuplicates) return { event_id: row.event_id, outcome: 'delivered' };
    const reason = errors[0]?.reason ?? null;
    const together = rows.filter((other) => client.actionFor(other.google_event.event_name) === action).length;
    const refusedAll = destination.status === 'FAILED' || together === 1;
    if (refusedAll) return { event_id: row.event_id, outcome: 'failed', reason, message: `Google refused it: ${reasonsOf(errors) || 'no reason given'}.` };
    const refused = errors.reduce((sum, error) => sum + error.count, 0);
    return {
      event_id: row.event_id,
      outcome: 'partial',
      reason,
      message: `Google took ${Math.max(0, (destination.recordCount ?? together) - refused)} of the ${destination.recordCount ?? together} conversions sent with it and refused ${refused} (${reasonsOf(errors)}), without saying which.`,
    };
  });
}

async function readBack(ledger: GoogleAdsLedger, client: GoogleAdsClient, deps: UpstreamDeps, leaseS: number | undefined): Promise<GoogleOutcome[]> {
  const rows = await ledger.claimGoogleChecks(client.maxBatch, leaseS);
  const byRequest = new Map<string, SentGoogleEvent[]>();
  for (const row of rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row]);
  const outcomes: GoogleOutcome[] = [];
  for (const [requestId, sent] of byRequest) outcomes.push(...readBackOutcomes(sent, await client.status(requestId), client, deps.now()));
  if (outcomes.length > 0) await ledger.settleGoogle(outcomes);
  return outcomes;
}

export async function deliverToGoogleAds(
  ledger: GoogleAdsLedger,
  client: GoogleAdsClient,
  deps: UpstreamDeps,
  options: GoogleDeliveryOptions = {},
): Promise<GoogleDeliveryReport> {
  const batchSize = Math.min(Math.max(1, options.batchSize ?? client.maxBatch), client.maxBatch);
  const started = deps.now();
  const report: GoogleDeliveryReport = { sent: 0, delivered: 0, partial: 0, failed: 0, retried: 0, batches: 0, stopped: null, problem: null };
  const count = (outcomes: GoogleOutcome[]) => {
    for (const { outcome } of outcomes) {
      if (outcome === 'sent' || outcome === 'delivered' || outcome === 'partial' || outcome === 'failed') report[outcome] += 1;
      else if (outcome === 'retry') report.retried += 1;
    }
  };
  if (!options.eventId) count(await readBack(ledger, client, deps, options.leaseS));
  for (;;) {
    if (report.batches > 0 && options.budgetMs !== undefined && deps.now() - started >= options.budgetMs) {
      report.stopped = 'budget';
      return report;
    }
    const rows = await ledger.claimGoogle(options.eventId ? 1 : batchSize, options.eventId, options.leaseS);
    if (rows.length === 0) return report;
    report.batches += 1;
    const { outcomes, stop } = await sendBatch(rows, client, deps);
    count(outcomes);
    const status: GoogleDeliveryStatus = stop
      ? {
          ok: false,
          paused: stop.kind === 'account',
          problem_reason: stop.reason,
          problem_message: stop.kind === 'account' ? client.problemWords(stop) : `Google did not take the events: ${stop.message}. They are sent again.`,
        }
      : { ok: true, paused: false };
    await ledger.settleGoogle(outcomes, status);
    if (stop) {
      report.stopped = stop.kind === 'account' ? 'account' : 'outage';
      report.problem = { reason: stop.reason, message: stop.message };
      deps.log('google-ads: delivery stopped', { reason: report.stopped, status: stop.status, google_reason: stop.reason, error: stop.message });
      return report;
    }
    if (options.eventId) return report;
  }
}
