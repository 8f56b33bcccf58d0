/**
 * The conversions ledger (`public.conversions`, supabase/migrations/20261125000000_conversions.sql)
 * as the endpoints and the delivery run use it: the row of a validated event, and the
 * service-role calls through PostgREST's RPC (Google Ads' own: google-ads-ledger.ts). Runtime-free.
 */
import { hasParam, hostOf, pathOf } from './attribution-url.ts';
import type { ServerEvent } from './conversion-event.ts';
import type { GoogleClick } from './google-ads-event.ts';
import { postgrestGoogleLedger, type GoogleAdsLedger, type GoogleAdsPart } from './google-ads-ledger.ts';
import { supabaseKeyHeaders } from './supabase-key.ts';

export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'expired' | 'not_configured' | 'not_consented' | 'admin_visit';
export type Endpoint = 'pages' | 'edge';

export interface LedgerRow {
  event_id: string;
  event_name: string;
  conversion_type: string | null;
  /** ISO 8601. */
  event_time: string;
  endpoint: Endpoint;
  page_path: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  referrer_host: string | null;
  landing_path: string | null;
  had_fbclid: boolean;
  had_gclid: boolean;
  consented: boolean;
  /** The event as Meta receives it; only for an event that will be sent. */
  meta_event: ServerEvent | null;
  state: 'pending' | 'not_configured' | 'not_consented' | 'admin_visit';
  /** Sent from a browser signed in as an admin (admin-visit.ts): counted apart, never sent. */
  admin_visit: boolean;
  /** Its Google Ads delivery (google-ads-ledger.ts), when Google is for it. */
  google_ads?: GoogleAdsPart | null;
}

/**
 * The ledger row of a validated event (its event_id set). With consent, and Meta's settings on
 * the endpoint, the row carries the event for delivery. Without consent the row keeps the type,
 * the time, the page and the campaign tags only. An admin's own visit (`adminVisit`) carries
 * nothing for Meta and is never sent, whatever the consent. `googleClick`: the Google ad click the
 * visit came with (validated with consent only), counted as `had_gclid`.
 */
export function ledgerRow(
  event: ServerEvent & { event_id: string },
  endpoint: Endpoint,
  consented: boolean,
  configured: boolean,
  adminVisit = false,
  googleClick?: GoogleClick,
): LedgerRow {
  const custom = event.custom_data;
  const landing = consented ? custom.landing_page : undefined;
  const referrer = consented ? custom.referrer : undefined;
  const urls = [event.event_source_url, landing].filter((url): url is string => typeof url === 'string');
  return {
    event_id: event.event_id,
    event_name: event.event_name,
    conversion_type: custom.conversion_type ?? null,
    event_time: new Date(event.event_time * 1000).toISOString(),
    endpoint,
    page_path: pathOf(event.event_source_url) ?? '/',
    utm_source: custom.utm_source ?? null,
    utm_medium: custom.utm_medium ?? null,
    utm_campaign: custom.utm_campaign ?? null,
    utm_content: custom.utm_content ?? null,
    utm_term: custom.utm_term ?? null,
    referrer_host: referrer ? hostOf(referrer) : null,
    landing_path: landing ? pathOf(landing) : null,
    had_fbclid: consented && (Boolean(event.user_data.fbc) || urls.some((url) => hasParam(url, 'fbclid'))),
    had_gclid: consented && googleClick !== undefined,
    consented,
    meta_event: consented && configured && !adminVisit ? event : null,
    state: adminVisit ? 'admin_visit' : !consented ? 'not_consented' : configured ? 'pending' : 'not_configured',
    admin_visit: adminVisit,
  };
}

export interface ClaimedConversion {
  event_id: string;
  meta_event: ServerEvent;
  /** Attempts including this one. */
  attempts: number;
  event_time: string;
  received_at: string;
}

export type Outcome =
  | { event_id: string; outcome: 'delivered'; fbtrace_id?: string | null }
  | { event_id: string; outcome: 'retry'; next_attempt_at: string; code?: number | null; message: string; fbtrace_id?: string | null }
  | { event_id: string; outcome: 'failed'; code?: number | null; message: string; fbtrace_id?: string | null };

/** A run's verdict on delivery as a whole (conversion_delivery_status). */
export interface DeliveryStatus {
  ok: boolean;
  paused: boolean;
  problem_code?: number | null;
  problem_message?: string;
  api_version?: string;
}

export interface ConversionLedger extends GoogleAdsLedger {
  /** 'duplicate' when the id is recorded already (a count without consent is upgraded instead). */
  record(row: LedgerRow): Promise<'recorded' | 'duplicate'>;
  /** Due pending events, held for `leaseS` seconds; `eventId`: that one only. */
  claim(limit: number, eventId?: string, leaseS?: number): Promise<ClaimedConversion[]>;
  settle(outcomes: Outcome[], status?: DeliveryStatus): Promise<void>;
  /** Erases personal data older than 7 days, deletes rows older than the retention. */
  purge(retentionMonths: number): Promise<number>;
}

export interface PostgrestLedgerOptions {
  /** The project URL (SUPABASE_URL), without `/rest/v1`. */
  url: string;
  /** The service role key: only service_role may execute the ledger's functions. */
  serviceKey: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** How long one call may take before the ledger counts as unavailable. */
  timeoutMs?: number;
}

/**
 * The ledger through PostgREST RPC. A call that fails (non-2xx, network, timeout) throws an
 * Error naming the function, the status and PostgREST's message.
 */
export function postgrestLedger(options: PostgrestLedgerOptions): ConversionLedger {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...supabaseKeyHeaders(options.serviceKey),
  };

  async function call<T>(fn: string, args: Record<string, unknown>): Promise<T | null> {
    let response: Response;
    try {
      response = await doFetch(`${base}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(args),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new Error(`ledger: ${fn} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      let detail = text.slice(0, 300);
      try {
        const body = JSON.parse(text) as { message?: unknown; code?: unknown };
        if (typeof body.message === 'string') detail = typeof body.code === 'string' ? `${body.message} (${body.code})` : body.message;
      } catch {
        // Not PostgREST's JSON (a gateway's page): the text as it came.
      }
      throw new Error(`ledger: ${fn} answered ${response.status}${detail ? `: ${detail}` : ''}`);
    }
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new Error(`ledger: ${fn} answered ${response.status} with no JSON: ${text.slice(0, 100)}`);
    }
  }

  return {
    record: async (row) => {
      const answer = await call<string>('record_conversion', { p_row: row });
      if (answer !== 'recorded' && answer !== 'duplicate') throw new Error(`ledger: record_conversion answered ${JSON.stringify(answer)}`);
      return answer;
    },
    claim: async (limit, eventId, leaseS = 120) => {
      const rows = await call<ClaimedConversion[]>('claim_conversions', {
        p_limit: limit,
        p_lease_seconds: leaseS,
        ...(eventId ? { p_event_id: eventId } : {}),
      });
      if (!Array.isArray(rows)) throw new Error('ledger: claim_conversions answered no list');
      return rows;
    },
    settle: async (outcomes, status) => {
      await call('settle_conversions', { p_outcomes: outcomes, ...(status ? { p_status: status } : {}) });
    },
    purge: async (retentionMonths) => Number(await call<number>('purge_conversions', { p_retention_months: retentionMonths })),
    ...postgrestGoogleLedger(call),
  };
}

/** The two settings the ledger needs (Supabase sets both for every Edge Function). */
export interface LedgerEnv {
  SUPABASE_URL?: string | undefined;
  SUPABASE_SERVICE_ROLE_KEY?: string | undefined;
}

/** The ledger of the env's project, or which settings are missing. */
export function ledgerFromEnv(env: LedgerEnv, fetchImpl?: PostgrestLedgerOptions['fetch']): ConversionLedger | { missing: string } {
  const url = env.SUPABASE_URL?.trim();
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY?.trim();
  if (!url || !serviceKey) return { missing: [!url && 'SUPABASE_URL', !serviceKey && 'SUPABASE_SERVICE_ROLE_KEY'].filter(Boolean).join(' and ') };
  return postgrestLedger({ url, serviceKey, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}
