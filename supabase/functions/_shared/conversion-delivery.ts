/**
 * Delivering recorded conversions to Meta: claim due events from the ledger, send them in
 * batches, and settle each by Meta's answer (conversion-ledger.ts, meta-capi.ts). The endpoint
 * runs it for its one new event right after answering; the scheduled deliver-conversions
 * function runs it for everything due. Runtime-free.
 *
 * - delivered: done; the personal data is erased by the ledger.
 * - no answer, 429, 5xx, throttling: tried again later (delivery-schedule.ts), same event_id.
 * - token or permission refused (190, 102, 10, 200): every event stays pending, delivery pauses
 *   (each run then tries one batch) until Meta accepts again.
 * - any other 4xx: a batch is split until the refused event is alone; it is marked failed with
 *   Meta's reason.
 */
import type { ClaimedConversion, ConversionLedger, DeliveryStatus, Outcome } from './conversion-ledger.ts';
import { retryWaitMs } from './delivery-schedule.ts';
import { MAX_BATCH, sendEvents, type MetaConfig, type SendResult, type UpstreamDeps } from './meta-capi.ts';

export interface DeliveryOptions {
  /** Only this event (the endpoint's attempt right after recording it). */
  eventId?: string;
  /** Events per request (at most 1,000). */
  batchSize?: number;
  /** No new batch is claimed after this long. */
  budgetMs?: number;
  /** How long a claimed event is held from other runs. */
  leaseS?: number;
}

export interface DeliveryReport {
  delivered: number;
  retried: number;
  failed: number;
  batches: number;
  /** Why the run stopped before the ledger had nothing due, if it did. */
  stopped: 'outage' | 'token' | 'budget' | null;
  problem: { code: number | null; message: string } | null;
}

type Problem = Extract<SendResult, { kind: 'transient' | 'token' | 'rejected' }>;

function retryOutcome(row: ClaimedConversion, problem: Problem, deps: UpstreamDeps): Outcome {
  const now = deps.now();
  const wait = retryWaitMs(row.attempts, now - Date.parse(row.event_time), deps.random());
  return {
    event_id: row.event_id,
    outcome: 'retry',
    next_attempt_at: new Date(now + wait).toISOString(),
    code: problem.code ?? problem.status,
    message: problem.message,
    fbtrace_id: problem.fbtraceId,
  };
}

/**
 * Sends `rows` and returns each one's outcome. A refused request of several events is split in
 * halves until the refused ones are alone, so one bad event does not fail the others.
 */
async function sendBatch(rows: ClaimedConversion[], config: MetaConfig, deps: UpstreamDeps): Promise<{ outcomes: Outcome[]; stop: Problem | null }> {
  const result = await sendEvents(
    rows.map((row) => row.meta_event),
    config,
    deps,
  );
  if (result.kind === 'delivered') {
    return { outcomes: rows.map((row) => ({ event_id: row.event_id, outcome: 'delivered', fbtrace_id: result.fbtraceId })), stop: null };
  }
  if (result.kind !== 'rejected') return { outcomes: rows.map((row) => retryOutcome(row, result, deps)), stop: result };
  if (rows.length === 1) {
    const [row] = rows as [ClaimedConversion];
    deps.log('meta: event refused', { event_id: row.event_id, status: result.status, code: result.code, error: result.message, fbtrace_id: result.fbtraceId });
    return { outcomes: [{ event_id: row.event_id, outcome: 'failed', code: result.code ?? result.status, message: result.message, fbtrace_id: result.fbtraceId }], stop: null };
  }
  const half = Math.ceil(rows.length / 2);
  const first = await sendBatch(rows.slice(0, half), config, deps);
  if (first.stop) return { outcomes: [...first.outcomes, ...rows.slice(half).map((row) => retryOutcome(row, first.stop!, deps))], stop: first.stop };
  const second = await sendBatch(rows.slice(half), config, deps);
  return { outcomes: [...first.outcomes, ...second.outcomes], stop: second.stop };
}

export async function deliverConversions(ledger: ConversionLedger, config: MetaConfig, deps: UpstreamDeps, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const batchSize = Math.min(Math.max(1, options.batchSize ?? MAX_BATCH), MAX_BATCH);
  const started = deps.now();
  const report: DeliveryReport = { delivered: 0, retried: 0, failed: 0, batches: 0, stopped: null, problem: null };
  for (;;) {
    if (report.batches > 0 && options.budgetMs !== undefined && deps.now() - started >= options.budgetMs) {
      report.stopped = 'budget';
      return report;
    }
    const rows = await ledger.claim(options.eventId ? 1 : batchSize, options.eventId, options.leaseS);
    if (rows.length === 0) return report;
    report.batches += 1;
    const { outcomes, stop } = await sendBatch(rows, config, deps);
    for (const outcome of outcomes) {
      if (outcome.outcome === 'delivered') report.delivered += 1;
      else if (outcome.outcome === 'failed') report.failed += 1;
      else report.retried += 1;
    }
    const status: DeliveryStatus = stop
      ? { ok: false, paused: stop.kind === 'token', problem_code: stop.code ?? stop.status, problem_message: stop.message, api_version: config.apiVersion }
      : { ok: true, paused: false, api_version: config.apiVersion };
    await ledger.settle(outcomes, status);
    if (stop) {
      report.stopped = stop.kind === 'token' ? 'token' : 'outage';
      report.problem = { code: stop.code ?? stop.status, message: stop.message };
      deps.log('meta: delivery stopped', { reason: report.stopped, status: stop.status, code: stop.code, error: stop.message, fbtrace_id: stop.fbtraceId });
      return report;
    }
    if (options.eventId) return report;
  }
}
