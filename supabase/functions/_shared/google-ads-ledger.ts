/**
 * The ledger's Google Ads side (`public.conversion_google_ads`,
 * supabase/migrations/20261202000000_google_ads_delivery.sql): the Google part of a recorded
 * conversion, and the three service-role calls the delivery makes. Runtime-free.
 */
import type { ServerEvent } from './conversion-event.ts';
import type { GoogleAdsEvent, GoogleClick, GoogleClickIdKind } from './google-ads-event.ts';

/** The Google part of a ledger row: a consented conversion that came with a Google click. */
export interface GoogleAdsPart {
  click_kind: GoogleClickIdKind;
  /** ISO 8601. */
  click_time: string;
  /** The event as it is sent; only while it will be. */
  google_event: GoogleAdsEvent | null;
  state: 'pending' | 'not_configured';
  /** Not sent before this (ISO 8601): the click's age Google asks for. */
  not_before: string | null;
}

/** What the endpoint knows of Google Ads: the conversion actions and the wait, or that it is not set up. */
export type GoogleAdsSetting = { delayMinutes: number; actionFor: (eventName: string) => string | null } | null;

/**
 * The Google part of a conversion, or null when Google is not for it: no consent, an admin's own
 * visit, no Google click, or Google Ads set up without a conversion action for its event. Without
 * Google Ads set up it is counted as `not_configured`, with nothing kept for Google.
 */
export function googleAdsPart(
  event: ServerEvent & { event_id: string },
  click: GoogleClick | undefined,
  consented: boolean,
  adminVisit: boolean,
  google: GoogleAdsSetting,
): GoogleAdsPart | null {
  if (!consented || adminVisit || !click) return null;
  const clickTime = new Date(click.clickTime * 1000).toISOString();
  if (!google) return { click_kind: click.kind, click_time: clickTime, google_event: null, state: 'not_configured', not_before: null };
  if (!google.actionFor(event.event_name)) return null;
  return {
    click_kind: click.kind,
    click_time: clickTime,
    google_event: {
      transaction_id: event.event_id,
      event_name: event.event_name,
      event_time: new Date(event.event_time * 1000).toISOString(),
      click: { kind: click.kind, id: click.id },
      click_time: clickTime,
      ad_personalization: false,
    },
    state: 'pending',
    not_before: new Date(click.clickTime * 1000 + google.delayMinutes * 60_000).toISOString(),
  };
}

export interface ClaimedGoogleEvent {
  event_id: string;
  google_event: GoogleAdsEvent;
  /** Attempts including this one. */
  attempts: number;
  click_time: string;
}

/** A sent event whose processing is read back from Google. */
export interface SentGoogleEvent {
  event_id: string;
  request_id: string;
  google_event: GoogleAdsEvent;
  sent_at: string;
}

export type GoogleOutcome =
  | { event_id: string; outcome: 'sent'; request_id: string; next_attempt_at: string }
  | { event_id: string; outcome: 'check' | 'retry'; next_attempt_at: string; reason?: string | null; message?: string }
  | { event_id: string; outcome: 'delivered' }
  | { event_id: string; outcome: 'partial' | 'failed'; reason: string | null; message: string };

/** A run's verdict on delivery to Google as a whole (google_ads_delivery_status). */
export interface GoogleDeliveryStatus {
  ok: boolean;
  paused: boolean;
  problem_reason?: string | null;
  problem_message?: string;
}

export interface GoogleAdsLedger {
  /** Due pending Google events, held for `leaseS` seconds; `eventId`: that one only. */
  claimGoogle(limit: number, eventId?: string, leaseS?: number): Promise<ClaimedGoogleEvent[]>;
  /** Sent events due to be read back, held likewise. */
  claimGoogleChecks(limit: number, leaseS?: number): Promise<SentGoogleEvent[]>;
  settleGoogle(outcomes: GoogleOutcome[], status?: GoogleDeliveryStatus): Promise<void>;
}

type Call = <T>(fn: string, args: Record<string, unknown>) => Promise<T | null>;

/** The Google side through PostgREST RPC, on the ledger's `call`. */
export function postgrestGoogleLedger(call: Call): GoogleAdsLedger {
  const list = <T>(fn: string, rows: T[] | null): T[] => {
    if (!Array.isArray(rows)) throw new Error(`ledger: ${fn} answered no list`);
    return rows;
  };
  return {
    claimGoogle: async (limit, eventId, leaseS = 120) =>
      list(
        'claim_google_ads',
        await call<ClaimedGoogleEvent[]>('claim_google_ads', { p_limit: limit, p_lease_seconds: leaseS, ...(eventId ? { p_event_id: eventId } : {}) }),
      ),
    claimGoogleChecks: async (limit, leaseS = 120) =>
      list('claim_google_ads_checks', await call<SentGoogleEvent[]>('claim_google_ads_checks', { p_limit: limit, p_lease_seconds: leaseS })),
    settleGoogle: async (outcomes, status) => {
      await call('settle_google_ads', { p_outcomes: outcomes, ...(status ? { p_status: status } : {}) });
    },
  };
}
