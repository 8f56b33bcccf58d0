/**
 * The scheduled delivery (`deliver-conversions`, every minute from Supabase Cron; a timer in the
 * local stand-in): sends every due conversion to Meta (conversion-delivery.ts) and, side by side,
 * to Google Ads (google-ads-delivery.ts), so neither waits on the other; then erases personal
 * data past its time and deletes rows past the retention. Only the scheduler may
 * call it: `Authorization: Bearer <DELIVER_CONVERSIONS_KEY>` (or the service role key when that
 * secret is not set). Runtime-free.
 */
import { deliverConversions, type DeliveryReport } from './conversion-delivery.ts';
import type { ConversionLedger } from './conversion-ledger.ts';
import { deliverToGoogleAds, type GoogleDeliveryReport } from './google-ads-delivery.ts';
import { googleAdsFromEnv } from './google-ads-setup.ts';
import { bearer } from './auth.ts';
import { errorResponse, jsonResponse } from './http.ts';
import type { UpstreamDeps } from './meta-capi.ts';
import { metaConfig, type TrackEnv } from './track-conversion.ts';

export interface DeliverEnv extends TrackEnv {
  DELIVER_CONVERSIONS_KEY?: string | undefined;
  SUPABASE_SERVICE_ROLE_KEY?: string | undefined;
  /** Months a conversion row is kept (default 13). */
  CONVERSIONS_RETENTION_MONTHS?: string | undefined;
}

/** A run stops claiming new batches after this long (Supabase Cron's request waits 55 s). */
export const RUN_BUDGET_MS = 40_000;
export const DEFAULT_RETENTION_MONTHS = 13;

export function retentionMonths(env: DeliverEnv): number {
  const value = Number(env.CONVERSIONS_RETENTION_MONTHS?.trim());
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_RETENTION_MONTHS;
}

/** Same length and same bytes, without stopping at the first difference. */
function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

type MetaRun = (DeliveryReport & { configured: true }) | { configured: false };
/** Google Ads' part of a run; `configured: false` when its settings are missing or wrong. */
export type GoogleRun = (GoogleDeliveryReport & { configured: true }) | { configured: false; problem: string | null };
export type RunResult = MetaRun & { purged: number; google: GoogleRun };

async function metaRun(ledger: ConversionLedger, env: DeliverEnv, deps: UpstreamDeps, budgetMs: number): Promise<MetaRun> {
  const meta = metaConfig(env);
  if ('missing' in meta) {
    await ledger.settle([], { ok: false, paused: false, problem_code: null, problem_message: `${meta.missing.join(' and ')} not set for deliver-conversions: events stay pending` });
    return { configured: false };
  }
  return { ...(await deliverConversions(ledger, meta.config, deps, { budgetMs })), configured: true };
}

async function googleRun(ledger: ConversionLedger, env: DeliverEnv, deps: UpstreamDeps, budgetMs: number): Promise<GoogleRun> {
  const google = googleAdsFromEnv(env, deps);
  if ('missing' in google) return { configured: false, problem: null };
  if ('invalid' in google) {
    await ledger.settleGoogle([], { ok: false, paused: true, problem_reason: 'SETTINGS', problem_message: google.invalid });
    return { configured: false, problem: google.invalid };
  }
  return { ...(await deliverToGoogleAds(ledger, google.client, deps, { budgetMs })), configured: true };
}

/** One run: deliver what is due to each destination, side by side, then the housekeeping. */
export async function runDelivery(ledger: ConversionLedger, env: DeliverEnv, deps: UpstreamDeps, budgetMs = RUN_BUDGET_MS): Promise<RunResult> {
  const [meta, google] = await Promise.allSettled([metaRun(ledger, env, deps, budgetMs), googleRun(ledger, env, deps, budgetMs)]);
  if (google.status === 'rejected') deps.log('google-ads: delivery run failed', { error: String(google.reason) });
  if (meta.status === 'rejected') throw meta.reason;
  const purged = await ledger.purge(retentionMonths(env));
  return { ...meta.value, purged, google: google.status === 'fulfilled' ? google.value : { configured: false, problem: String(google.reason) } };
}

export function deliverHandler(ledger: ConversionLedger | { missing: string }, env: DeliverEnv, deps: UpstreamDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return errorResponse(405, 'method must be POST', { Allow: 'POST' });
    const secret = env.DELIVER_CONVERSIONS_KEY?.trim() || env.SUPABASE_SERVICE_ROLE_KEY?.trim();
    const token = bearer(request.headers);
    if (!secret || !token || !sameSecret(token, secret)) return errorResponse(401, 'only the scheduler may run the delivery');
    await request.body?.cancel();
    if ('missing' in ledger) {
      deps.log('ledger: not configured', { missing: ledger.missing });
      return errorResponse(503, 'the ledger is not configured');
    }
    try {
      return jsonResponse(await runDelivery(ledger, env, deps));
    } catch (error) {
      deps.log('delivery run failed', { error: String(error) });
      return errorResponse(503, 'the delivery run failed: it is tried again at the next run');
    }
  };
}
