/**
 * Conversions on the thank-you pages: which events each page sends, the payloads the server
 * receives (counted only without consent; the full event with it), and the rule that one
 * conversion is counted once (a reload reuses its event id and sends only what was not sent).
 */
import { GOOGLE_CLICK_ID } from '../../../supabase/functions/_shared/attribution-url.ts';
import { GOOGLE_CLICK_ID_KINDS, GOOGLE_CLICK_MAX_AGE_DAYS, type GoogleClickIdKind } from '../../../supabase/functions/_shared/google-ads-event.ts';
import { fbcValue, type AttributionRecord } from './attribution';

export const CONVERSION_KINDS = ['lead', 'call', 'resource'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];

export interface ConversionSpec {
  /** The browser pixel's standard event. */
  pixelEvent: 'Lead' | 'Schedule' | 'CompleteRegistration';
  /** The server event's name (Conversions API). */
  eventName: 'Lead' | 'Schedule';
  conversionType: 'lead_form' | 'call_scheduling' | 'resource_registration';
  /** `api`: POST /api/track-conversion; `function`: the backend function track-conversion. */
  transport: 'api' | 'function';
  /** Forget the attribution record once the server has the conversion. */
  clearAttributionAfter: boolean;
}

/** docs/product.md §7: one entry per thank-you page. */
export const CONVERSIONS: Record<ConversionKind, ConversionSpec> = {
  lead: { pixelEvent: 'Lead', eventName: 'Lead', conversionType: 'lead_form', transport: 'api', clearAttributionAfter: false },
  call: {
    pixelEvent: 'Schedule',
    eventName: 'Schedule',
    conversionType: 'call_scheduling',
    transport: 'function',
    clearAttributionAfter: true,
  },
  resource: {
    pixelEvent: 'CompleteRegistration',
    eventName: 'Lead',
    conversionType: 'resource_registration',
    transport: 'function',
    clearAttributionAfter: false,
  },
};

export const isConversionKind = (value: unknown): value is ConversionKind => typeof value === 'string' && (CONVERSION_KINDS as readonly string[]).includes(value);

/** The campaign tags of the visit's record, sent with every conversion (with or without consent). */
export interface CampaignTags {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
}

/**
 * The conversion without consent (or with Global Privacy Control): counted in the site's own
 * records, never sent to Meta. Nothing that identifies the visitor or their click: no user data,
 * click ids, referrer, landing page or query string.
 */
export interface CountPayload {
  event_name: string;
  event_id: string;
  event_time: number;
  action_source: 'website';
  /** The page's origin and path only. */
  event_source_url: string;
  custom_data: { conversion_type: string } & CampaignTags;
}

/** The Google ad click the visit came with; the server sends it to Google Ads only. */
export interface GoogleClickPayload {
  kind: GoogleClickIdKind;
  id: string;
  /** When the visitor landed with the click, seconds since epoch. */
  click_time: number;
}

/**
 * The conversion with consent: the server forwards it to Meta's Conversions API, and, with a
 * Google click, to Google Ads (`google_click`, kept apart from what Meta gets).
 */
export interface ConsentedPayload {
  /** Marks the consented event; without it the server only counts the conversion. */
  ads_consent: 'granted';
  event_name: string;
  event_id: string;
  event_time: number;
  action_source: 'website';
  event_source_url: string;
  user_data: {
    /** Filled in by the server from the request (CF-Connecting-IP / X-Forwarded-For). */
    client_ip_address: null;
    client_user_agent: string;
    fbc: string | null;
    fbp: string | null;
    /** The visitor's random first-party id (src/features/consent/consent.ts); the server sends Meta its SHA-256. */
    external_id: string | null;
  };
  custom_data: {
    event_source: string;
    booking_source: string | null;
    conversion_type: string;
    referrer: string | null;
    landing_page: string | null;
  } & CampaignTags;
  google_click: GoogleClickPayload | null;
}

export type ConversionPayload = CountPayload | ConsentedPayload;

export interface CountInput {
  kind: ConversionKind;
  eventId: string;
  /** Now, in ms since epoch. */
  now: number;
  pageUrl: string;
  attribution: AttributionRecord | null;
}

export interface PayloadInput extends CountInput {
  userAgent: string;
  /** The `_fbc` and `_fbp` cookies (they win over the record: the pixel may have refreshed them). */
  fbc: string | null;
  fbp: string | null;
  externalId: string | null;
}

const campaignTags = (record: AttributionRecord | null): CampaignTags => ({
  utm_source: record?.utm_source ?? null,
  utm_medium: record?.utm_medium ?? null,
  utm_campaign: record?.utm_campaign ?? null,
  utm_content: record?.utm_content ?? null,
  utm_term: record?.utm_term ?? null,
});

/** The page address without its query and fragment (which may carry click ids). */
export function pageWithoutQuery(pageUrl: string): string {
  const url = new URL(pageUrl);
  return `${url.origin}${url.pathname}`;
}

const GOOGLE_CLICK_MAX_AGE_MS = GOOGLE_CLICK_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

/**
 * The record's Google click: its first click id of gclid, gbraid, wbraid in a form the server
 * takes, with the time of the landing that brought it. None for a click Google no longer takes a
 * conversion for: the server would refuse the whole event for it.
 */
export function googleClickOf(record: AttributionRecord | null, nowMs: number): GoogleClickPayload | null {
  if (!record || nowMs - record.timestamp > GOOGLE_CLICK_MAX_AGE_MS) return null;
  const kind = GOOGLE_CLICK_ID_KINDS.find((name) => GOOGLE_CLICK_ID.test(record[name] ?? ''));
  return kind ? { kind, id: record[kind]!, click_time: Math.floor(record.timestamp / 1000) } : null;
}

/** The conversion counted without consent. */
export function buildCountPayload(input: CountInput): CountPayload {
  const spec = CONVERSIONS[input.kind];
  return {
    event_name: spec.eventName,
    event_id: input.eventId,
    event_time: Math.floor(input.now / 1000),
    action_source: 'website',
    event_source_url: pageWithoutQuery(input.pageUrl),
    custom_data: { conversion_type: spec.conversionType, ...campaignTags(input.attribution) },
  };
}

/** The consented conversion event the server forwards to the Conversions API (docs/product.md §3). */
export function buildConversionPayload(input: PayloadInput): ConsentedPayload {
  const spec = CONVERSIONS[input.kind];
  const record = input.attribution;
  return {
    ads_consent: 'granted',
    event_name: spec.eventName,
    event_id: input.eventId,
    event_time: Math.floor(input.now / 1000),
    action_source: 'website',
    event_source_url: input.pageUrl,
    user_data: {
      client_ip_address: null,
      client_user_agent: input.userAgent,
      fbc: input.fbc ?? (record?.fbclid ? fbcValue(record.fbclid, record.timestamp) : null),
      fbp: input.fbp ?? record?.fbp ?? null,
      external_id: input.externalId,
    },
    custom_data: {
      event_source: 'website',
      booking_source: input.kind === 'call' ? 'booking_modal' : null,
      conversion_type: spec.conversionType,
      ...campaignTags(record),
      referrer: record?.referrer ?? null,
      landing_page: record?.landing_page ?? null,
    },
    google_click: googleClickOf(record, input.now),
  };
}

/* ---------- once per conversion ---------- */

/** sessionStorage key of a thank-you page's conversion state. */
export const conversionStorageKey = (kind: ConversionKind) => `conversion_event:${kind}`;

export interface ConversionState {
  eventId: string;
  /** The browser pixel has the event. */
  pixelSent: boolean;
  /** The server has the conversion (recorded, or already recorded), counted or consented. */
  serverSent: boolean;
  /** ...as the consented event (sent with consent); a count is upgraded by sending it with consent. */
  serverConsented: boolean;
}

/** Whether the server still needs this conversion, sent as consent now allows. */
export const serverNeeds = (state: ConversionState, consented: boolean): boolean => (consented ? !state.serverConsented : !state.serverSent);

/** The state once the server has the conversion as sent. */
export const serverHas = (state: ConversionState, consented: boolean): ConversionState => ({
  ...state,
  serverSent: true,
  serverConsented: state.serverConsented || consented,
});

/** How the page was reached (PerformanceNavigationTiming.type). */
export type NavigationType = 'navigate' | 'reload' | 'back_forward' | 'prerender';

/**
 * The conversion state for this page view. A reload (or back/forward) of a thank-you page
 * continues the stored conversion: same event id, and only the parts not yet sent are sent.
 * A fresh navigation to the page is a new conversion with a new id.
 */
export function conversionForView(stored: ConversionState | null, navigation: NavigationType, newId: () => string): ConversionState {
  const continues = stored !== null && (navigation === 'reload' || navigation === 'back_forward');
  return continues ? stored : { eventId: newId(), pixelSent: false, serverSent: false, serverConsented: false };
}

export function parseConversionState(raw: string | null): ConversionState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ConversionState>;
    if (typeof value.eventId !== 'string' || !/^[\w.:-]{8,100}$/.test(value.eventId)) return null;
    const serverConsented = value.serverConsented === true;
    return { eventId: value.eventId, pixelSent: value.pixelSent === true, serverSent: value.serverSent === true || serverConsented, serverConsented };
  } catch {
    return null;
  }
}

/** A fresh event id: `<kind>.<uuid>` (the kind makes ids readable in Events Manager). */
export function newEventId(kind: ConversionKind, uuid: string): string {
  return `${kind}.${uuid}`;
}

/* ---------- the server's answer ---------- */

/**
 * What an answer of the endpoint means: 2xx (202 recorded, 200 duplicate) the server has it; 5xx
 * (or no answer) try again later; anything else (400 invalid, 403, 413, 429) is not retried.
 */
export type Delivery = 'sent' | 'retry' | 'refused';
export const deliveryOf = (status: number | null): Delivery => {
  if (status === null || status >= 500) return 'retry';
  return status >= 200 && status < 300 ? 'sent' : 'refused';
};

/** The waits before each new attempt after a failure, while the page is open (then a reload retries). */
export const RETRY_DELAYS_MS = [1000, 3000, 9000] as const;
