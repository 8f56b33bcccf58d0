/**
 * Validation of a conversion event posted by the site, before it is recorded and sent to the Meta
 * Conversions API (and, when the visit came from a Google ad click, to Google Ads). Allow-lists
 * and bounds; unknown fields are dropped; URLs keep their path and attribution parameters only;
 * every refusal says which field is wrong and why. Without the visitor's consent nothing about the
 * visitor is read at all. Runtime-free.
 */
import { attributionUrl, GOOGLE_CLICK_ID, hostOf } from './attribution-url.ts';
import { EVENT_NAMES } from './event-names.ts';
import { GOOGLE_CLICK_ID_KINDS, GOOGLE_CLICK_MAX_AGE_DAYS, type GoogleClick } from './google-ads-event.ts';

export { EVENT_NAMES } from './event-names.ts';
export const CONVERSION_TYPES = ['lead_form', 'call_scheduling', 'resource_registration', 'contact'] as const;
/** Meta refuses events older than 7 days. */
export const MAX_EVENT_AGE_S = 7 * 24 * 60 * 60;
/** Client clocks drift: an event at most this far ahead of the server clock is accepted. */
export const MAX_CLOCK_SKEW_S = 60;

export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
const CUSTOM_STRING_FIELDS = ['event_source', 'booking_source', ...UTM_FIELDS] as const;
const CUSTOM_URL_FIELDS = ['referrer', 'landing_page'] as const;
const MAX_SHORT = 256;
const MAX_URL = 2048;
/** The longest DNS name; the ledger keeps a referrer's host in 256 characters. */
const MAX_HOST = 253;
const MAX_USER_AGENT = 512;
/** Google takes a conversion up to 90 days after its click; 10 days more allow for a client clock running behind. */
export const MAX_CLICK_AGE_S = (GOOGLE_CLICK_MAX_AGE_DAYS + 10) * 24 * 60 * 60;
const MAX_CLICK_ID = 512;

export interface UserData {
  client_ip_address?: string;
  client_user_agent: string;
  fbc?: string;
  fbp?: string;
  /** The page's first-party random id; hashed (SHA-256 hex) before it leaves the endpoint. */
  external_id?: string;
}

/** The event as Meta receives it: nothing of Google's click is in it. */
export interface ServerEvent {
  event_name: (typeof EVENT_NAMES)[number];
  event_time: number;
  event_id?: string;
  action_source: 'website';
  event_source_url: string;
  /** Empty without consent: nothing about the visitor is kept. */
  user_data: Partial<UserData>;
  custom_data: Record<string, string>;
}

export interface RequestFacts {
  /** Server clock, seconds since epoch. */
  nowS: number;
  /** The client's IP as the platform saw it (clientIpFrom), if any; never taken from the body. */
  clientIp: string | null;
  /** The request's User-Agent header, if any. */
  userAgent: string | null;
}

/**
 * With consent, the Google ad click the visit came with rides beside the event, never in it: the
 * ledger keeps the event for Meta as it is, and the Google row is built from `googleClick`.
 */
export type Validation = { ok: true; event: ServerEvent; googleClick?: GoogleClick } | { ok: false; error: string };

class Invalid extends Error {}
const fail = (message: string): never => {
  throw new Invalid(message);
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function optionalString(value: unknown, field: string, max: number, pattern?: RegExp): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return fail(`${field} must be a string`);
  if (value.length > max) return fail(`${field} must be at most ${max} characters`);
  if (/[\u0000-\u001f\u007f]/.test(value)) return fail(`${field} must not contain control characters`);
  // JSON.parse lets a lone `\ud800` through; Postgres' JSON input refuses it.
  if (!value.isWellFormed()) return fail(`${field} is not valid Unicode: it has a lone surrogate (\\ud800–\\udfff without its pair)`);
  if (pattern && !pattern.test(value)) return fail(`${field} is not in the expected format`);
  return value;
}

/**
 * An absolute http(s) URL, reduced to its origin, path and attribution parameters; bounded as
 * stored (percent-encoded: one `é` is six characters), so the ledger's columns hold its path and
 * host.
 */
function httpUrl(value: unknown, field: string): string | undefined {
  const text = optionalString(value, field, MAX_URL);
  if (text === undefined) return undefined;
  const url = attributionUrl(text) ?? fail(`${field} must be an absolute http(s) URL`);
  if (url.length > MAX_URL) return fail(`${field} must be at most ${MAX_URL} characters once percent-encoded`);
  if ((hostOf(url) ?? '').length > MAX_HOST) return fail(`${field} must have a host of at most ${MAX_HOST} characters`);
  return url;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]{2,45}$/i;
export const isIpAddress = (value: string): boolean => IPV4.test(value) || (value.includes(':') && IPV6.test(value));

// fb.<subdomain index>.<creation ms>.<fbclid | random>; fbclid is case-sensitive and kept as is.
const FBC = /^fb\.[0-2]\.\d{10,16}\.[\w.-]{1,400}$/;
const FBP = /^fb\.[0-2]\.\d{10,16}\.\d{1,32}$/;
const EVENT_ID = /^[\w.:-]{1,100}$/;
const EXTERNAL_ID = /^[\w-]{1,100}$/;

function userData(value: unknown, facts: RequestFacts): UserData {
  if (value !== undefined && value !== null && !isObject(value)) return fail('user_data must be an object');
  const input = isObject(value) ? value : {};
  const userAgent = optionalString(input.client_user_agent, 'user_data.client_user_agent', MAX_USER_AGENT) ??
    facts.userAgent?.slice(0, MAX_USER_AGENT) ?? fail('user_data.client_user_agent is required for website events');
  const fbc = optionalString(input.fbc, 'user_data.fbc', 450, FBC);
  const fbp = optionalString(input.fbp, 'user_data.fbp', 64, FBP);
  const externalId = optionalString(input.external_id, 'user_data.external_id', 100, EXTERNAL_ID);
  // The client IP is only what the platform saw: a body's user_data.client_ip_address is ignored.
  const ip = facts.clientIp && isIpAddress(facts.clientIp) ? facts.clientIp : undefined;
  return {
    ...(ip ? { client_ip_address: ip } : {}),
    client_user_agent: userAgent,
    ...(fbc ? { fbc } : {}),
    ...(fbp ? { fbp } : {}),
    ...(externalId ? { external_id: externalId } : {}),
  };
}

/** Without consent: the conversion type and the campaign tags only. */
function customData(value: unknown, consented: boolean): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) return fail('custom_data must be an object');
  const out: Record<string, string> = {};
  for (const field of consented ? CUSTOM_STRING_FIELDS : UTM_FIELDS) {
    const text = optionalString(value[field], `custom_data.${field}`, MAX_SHORT);
    if (text !== undefined) out[field] = text;
  }
  for (const field of consented ? CUSTOM_URL_FIELDS : []) {
    const text = httpUrl(value[field], `custom_data.${field}`);
    if (text !== undefined) out[field] = text;
  }
  const type = optionalString(value.conversion_type, 'custom_data.conversion_type', MAX_SHORT);
  if (type !== undefined) {
    if (!(CONVERSION_TYPES as readonly string[]).includes(type)) {
      fail(`custom_data.conversion_type must be one of: ${CONVERSION_TYPES.join(', ')}`);
    }
    out.conversion_type = type;
  }
  return out;
}

/** The page sends one click (gclid before gbraid before wbraid) as `{kind, id, click_time}`. */
function googleClick(value: unknown, nowS: number): GoogleClick | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) return fail('google_click must be an object');
  const kind = GOOGLE_CLICK_ID_KINDS.find((name) => name === value.kind) ?? fail(`google_click.kind must be one of: ${GOOGLE_CLICK_ID_KINDS.join(', ')}`);
  const id = optionalString(value.id, 'google_click.id', MAX_CLICK_ID) ?? fail('google_click.id is required');
  if (!GOOGLE_CLICK_ID.test(id)) return fail('google_click.id must be printable ASCII without spaces');
  const time = value.click_time;
  if (typeof time !== 'number' || !Number.isInteger(time)) return fail('google_click.click_time must be an integer (Unix seconds)');
  if (time > nowS + MAX_CLOCK_SKEW_S) return fail('google_click.click_time must not be in the future');
  if (time < nowS - MAX_CLICK_AGE_S) return fail(`google_click.click_time must be within the last ${MAX_CLICK_AGE_S / 86400} days`);
  return { kind, id, clickTime: time };
}

function eventTime(value: unknown, nowS: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) return fail('event_time must be an integer (Unix seconds)');
  if (value > nowS + MAX_CLOCK_SKEW_S) return fail('event_time must not be in the future');
  if (value < nowS - MAX_EVENT_AGE_S) return fail('event_time must be within the last 7 days');
  return value;
}

/**
 * Checks a posted body and returns the event to record (and, with consent, to send), or the
 * reason it is refused. Without consent, user_data, the Google click and every field that could
 * identify the visitor are left out unread.
 */
export function validateConversionEvent(body: unknown, facts: RequestFacts, consented = true): Validation {
  try {
    if (!isObject(body)) return fail('body must be a JSON object');
    const name = body.event_name;
    if (typeof name !== 'string' || !(EVENT_NAMES as readonly string[]).includes(name)) {
      return fail(`event_name must be one of: ${EVENT_NAMES.join(', ')}`);
    }
    if (body.action_source !== undefined && body.action_source !== 'website') {
      return fail("action_source must be 'website'");
    }
    const time = eventTime(body.event_time, facts.nowS);
    const eventId = optionalString(body.event_id, 'event_id', 100, EVENT_ID);
    const sourceUrl = httpUrl(body.event_source_url, 'event_source_url') ?? fail('event_source_url is required');
    const event: ServerEvent = {
      event_name: name as ServerEvent['event_name'],
      event_time: time,
      ...(eventId ? { event_id: eventId } : {}),
      action_source: 'website',
      event_source_url: sourceUrl,
      user_data: consented ? userData(body.user_data, facts) : {},
      custom_data: customData(body.custom_data, consented),
    };
    const click = consented ? googleClick(body.google_click, facts.nowS) : undefined;
    return { ok: true, event, ...(click ? { googleClick: click } : {}) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * Whether the visitor agreed to ads measurement: the page marks an event it sends with consent
 * `ads_consent: "granted"`; a browser sending Global Privacy Control (`Sec-GPC: 1`) has refused,
 * whatever the body says. A header sent twice reads `1, 1`: a `1` anywhere in the list is a
 * refusal. Without consent the conversion is only counted.
 */
export function hasConsent(body: unknown, headers: Headers): boolean {
  if ((headers.get('sec-gpc') ?? '').split(',').some((value) => value.trim() === '1')) return false;
  return isObject(body) && body.ads_consent === 'granted';
}

/**
 * Where the platform puts the client's address: Cloudflare sets `CF-Connecting-IP` (a caller's
 * own is replaced); in front of a Supabase Edge Function, each proxy appends the address it saw
 * to `X-Forwarded-For`, so the entries a caller writes come first and the platform's last.
 */
export type ClientIpSource = 'cf-connecting-ip' | 'x-forwarded-for';

/**
 * The client IP from the platform's header only (no fallback to another header), or null. Of
 * `X-Forwarded-For`, the entry `trustedHops` from the end: the one the platform's edge added
 * (1 when it is the last proxy; more when the platform's own proxies append after it). Entries
 * before it are whatever the caller sent.
 */
export function clientIpFrom(headers: Headers, source: ClientIpSource, trustedHops = 1): string | null {
  if (source === 'cf-connecting-ip') return headers.get('cf-connecting-ip')?.trim() || null;
  const hops = (headers.get('x-forwarded-for') ?? '').split(',').map((hop) => hop.trim());
  const hop = hops[hops.length - Math.max(1, trustedHops)];
  return hop && isIpAddress(hop) ? hop : null;
}
