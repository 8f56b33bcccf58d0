/**
 * Conversions on the thank-you pages: which events each page sends, the payload the server
 * receives, and the rule that one conversion is counted once (a reload reuses its event id
 * and sends nothing new).
 */
import type { AttributionRecord } from './attribution';

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

export interface ConversionPayload {
  /** Sent only with the visitor's consent; the endpoints refuse any other value. */
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
  };
  custom_data: {
    event_source: string;
    booking_source: string | null;
    conversion_type: string;
    utm_source: string | null;
    utm_medium: string | null;
    utm_campaign: string | null;
    referrer: string | null;
    landing_page: string | null;
    gclid: string | null;
  };
}

export interface PayloadInput {
  kind: ConversionKind;
  eventId: string;
  /** Now, in ms since epoch. */
  now: number;
  pageUrl: string;
  userAgent: string;
  attribution: AttributionRecord | null;
  /** The `_fbc` and `_fbp` cookies (they win over the record: the pixel may have refreshed them). */
  fbc: string | null;
  fbp: string | null;
}

/** The conversion event the server forwards to the Conversions API (docs/product.md §3). */
export function buildConversionPayload(input: PayloadInput): ConversionPayload {
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
      fbc: input.fbc,
      fbp: input.fbp ?? record?.fbp ?? null,
    },
    custom_data: {
      event_source: 'website',
      booking_source: input.kind === 'call' ? 'booking_modal' : null,
      conversion_type: spec.conversionType,
      utm_source: record?.utm_source ?? null,
      utm_medium: record?.utm_medium ?? null,
      utm_campaign: record?.utm_campaign ?? null,
      referrer: record?.referrer ?? null,
      landing_page: record?.landing_page ?? null,
      gclid: record?.gclid ?? null,
    },
  };
}

/* ---------- once per conversion ---------- */

/** sessionStorage key of a thank-you page's conversion state. */
export const conversionStorageKey = (kind: ConversionKind) => `conversion_event:${kind}`;

export interface ConversionState {
  eventId: string;
  /** The browser pixel has the event. */
  pixelSent: boolean;
  /** The server accepted the event. */
  serverSent: boolean;
}

/** How the page was reached (PerformanceNavigationTiming.type). */
export type NavigationType = 'navigate' | 'reload' | 'back_forward' | 'prerender';

/**
 * The conversion state for this page view. A reload (or back/forward) of a thank-you page
 * continues the stored conversion: same event id, and only the parts not yet sent are sent.
 * A fresh navigation to the page is a new conversion with a new id.
 */
export function conversionForView(stored: ConversionState | null, navigation: NavigationType, newId: () => string): ConversionState {
  const continues = stored !== null && (navigation === 'reload' || navigation === 'back_forward');
  return continues ? stored : { eventId: newId(), pixelSent: false, serverSent: false };
}

export function parseConversionState(raw: string | null): ConversionState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ConversionState>;
    if (typeof value.eventId !== 'string' || !/^[\w.:-]{8,100}$/.test(value.eventId)) return null;
    return { eventId: value.eventId, pixelSent: value.pixelSent === true, serverSent: value.serverSent === true };
  } catch {
    return null;
  }
}

/** A fresh event id: `<kind>.<uuid>` (the kind makes ids readable in Events Manager). */
export function newEventId(kind: ConversionKind, uuid: string): string {
  return `${kind}.${uuid}`;
}
