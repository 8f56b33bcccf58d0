/**
 * A conversion as the ledger keeps it for Google Ads (`conversion_google_ads.google_event`), and
 * the Google click a visit came with. The endpoint builds it from a consented conversion that
 * carries a click id; google-ads.ts turns it into the Data Manager API's event, the same bytes on
 * every try. Runtime-free.
 */
import type { EventName } from './event-names.ts';

/** Google's click ids, in the order one is preferred when a visit has several. */
export const GOOGLE_CLICK_ID_KINDS = ['gclid', 'gbraid', 'wbraid'] as const;
export type GoogleClickIdKind = (typeof GOOGLE_CLICK_ID_KINDS)[number];

/** The ad click a visit came with: one id, and when the visitor landed with it. */
export interface GoogleClick {
  kind: GoogleClickIdKind;
  id: string;
  /** Seconds since epoch. */
  clickTime: number;
}

export interface GoogleAdsEvent {
  /** The ledger row's event_id: Google counts a transaction id once, however often it is sent. */
  transaction_id: string;
  event_name: EventName;
  /** When the conversion happened, ISO 8601 in UTC. */
  event_time: string;
  click: { kind: GoogleClickIdKind; id: string };
  /** When the visitor landed with the click, ISO 8601 in UTC. */
  click_time: string;
  /**
   * Whether the visitor agreed to ads personalization. The site asks for ads measurement only,
   * so this is false today: Google gets `adUserData` granted, `adPersonalization` denied.
   */
  ad_personalization: boolean;
}

/** Google takes a click's conversion no earlier than about 6 hours after it, by default. */
export const DEFAULT_GOOGLE_ADS_DELAY_MINUTES = 360;
/** Google refuses a conversion more than 90 days after its click (the longest conversion window). */
export const GOOGLE_CLICK_MAX_AGE_DAYS = 90;
