/**
 * Attribution: where a visitor came from (ad click ids, UTM tags, referrer, landing page),
 * kept for the browser session so a later conversion can be credited to it.
 *
 * Pure rules; src/features/tracking/attribution-cookies.ts applies them to the live page.
 */

/** The sessionStorage key of the record (docs/product.md §9). */
export const TRACKING_STORAGE_KEY = 'conversion_tracking_data';

/**
 * Dispatched on window by a page that reads the record at once (the thank-you pages): the head's
 * attribution script then records the visit right away instead of in its later idle steps, so no
 * step of it can write the record again after the page has cleared it.
 */
export const FINISH_ATTRIBUTION_EVENT = 'attribution:finish';

const MAX_VALUE_LENGTH = 500;
const MAX_URL_LENGTH = 2048;

export interface AttributionRecord {
  /**
   * When the visitor landed with the record's click ids (ms since epoch): the record is taken
   * whole from the landing that brings a new click id (mergeAttribution), so this is the click's
   * time for Meta's `_fbc` and Google's click time alike.
   */
  timestamp: number;
  fbclid: string | null;
  fbp: string | null;
  gclid: string | null;
  /** Google's click ids for iOS app and web clicks, which come instead of a gclid. */
  gbraid: string | null;
  wbraid: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  referrer: string | null;
  landing_page: string;
}

export interface PageVisit {
  /** The full page URL. */
  url: string;
  /** document.referrer ('' when none). */
  referrer: string;
  /** document.cookie. */
  cookie: string;
  /** Now, in ms since epoch. */
  now: number;
}

const clip = (value: string | null | undefined, max = MAX_VALUE_LENGTH): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/** The value of one cookie from a `document.cookie` string, or null. */
export function readCookie(cookie: string, name: string): string | null {
  for (const part of cookie.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw || null;
    }
  }
  return null;
}

/** The record this page visit alone would produce. */
export function attributionFromVisit(visit: PageVisit): AttributionRecord {
  const url = new URL(visit.url);
  const param = (name: string) => clip(url.searchParams.get(name));
  return {
    timestamp: visit.now,
    fbclid: param('fbclid'),
    fbp: clip(readCookie(visit.cookie, '_fbp')),
    gclid: param('gclid'),
    gbraid: param('gbraid'),
    wbraid: param('wbraid'),
    utm_source: param('utm_source'),
    utm_medium: param('utm_medium'),
    utm_campaign: param('utm_campaign'),
    utm_content: param('utm_content'),
    utm_term: param('utm_term'),
    referrer: clip(visit.referrer, MAX_URL_LENGTH),
    landing_page: url.href.slice(0, MAX_URL_LENGTH),
  };
}

const CLICK_IDS = ['fbclid', 'gclid', 'gbraid', 'wbraid'] as const;

const hasNewClickId = (stored: AttributionRecord, visit: AttributionRecord): boolean => CLICK_IDS.some((name) => visit[name] !== null && visit[name] !== stored[name]);

/**
 * The record to keep after a page visit. The first landing of the session wins; a visit that
 * brings a new ad click id (of any kind) replaces it whole, timestamp included, because that
 * click is the newer source. The `_fbp` cookie is filled in as soon as the pixel has set it.
 */
export function mergeAttribution(stored: AttributionRecord | null, visit: AttributionRecord): AttributionRecord {
  if (!stored || hasNewClickId(stored, visit)) return visit;
  return stored.fbp || !visit.fbp ? stored : { ...stored, fbp: visit.fbp };
}

/** The `_fbc` cookie value Meta expects: `fb.1.<creation ms>.<fbclid>` (fbclid unaltered). */
export function fbcValue(fbclid: string, nowMs: number): string {
  return `fb.1.${Math.floor(nowMs)}.${fbclid}`;
}

/** The fbclid inside an `_fbc` value, or null when it is not one. */
export function fbclidOfFbc(fbc: string | null): string | null {
  const match = fbc ? /^fb\.\d\.\d+\.(.+)$/.exec(fbc) : null;
  return match?.[1] ?? null;
}

/**
 * The `_fbc` cookie to set for this visit, or null to leave the cookie alone: only when the
 * URL carries an fbclid the current cookie does not hold already (a reload keeps the original
 * creation time).
 */
export function fbcCookieFor(visit: AttributionRecord, currentFbc: string | null, nowMs: number): string | null {
  if (!visit.fbclid || fbclidOfFbc(currentFbc) === visit.fbclid) return null;
  return fbcValue(visit.fbclid, nowMs);
}

const nullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';

const FIELDS = ['fbclid', 'fbp', 'gclid', 'gbraid', 'wbraid', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'referrer'] as const;
/** Fields a record kept by an earlier version of the site may lack (read as null). */
const LATER_FIELDS: readonly string[] = ['gbraid', 'wbraid', 'utm_content', 'utm_term'];

/** Parses a stored record; anything malformed (or tampered with) counts as no record. */
export function parseAttribution(raw: string | null): AttributionRecord | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.timestamp !== 'number' || !Number.isFinite(record.timestamp)) return null;
  if (typeof record.landing_page !== 'string') return null;
  const field = (name: (typeof FIELDS)[number]) => (record[name] === undefined && LATER_FIELDS.includes(name) ? null : record[name]);
  if (!FIELDS.every((name) => nullableString(field(name)))) return null;
  return {
    timestamp: record.timestamp,
    landing_page: record.landing_page,
    ...(Object.fromEntries(FIELDS.map((name) => [name, field(name)])) as Pick<AttributionRecord, (typeof FIELDS)[number]>),
  };
}
