/**
 * The session's attribution record and the `_fbc` cookie for a new fbclid. Every indexed page
 * records its visit with it (src/features/tracking/attribution-early.ts, inlined); the thank-you pages read
 * the record `captureAttribution` returns. Meta's cookies are read or written only with the
 * visitor's consent (src/features/consent/page-consent.ts); campaign tags and the click ids stay in this tab's
 * session storage either way: the UTM tags leave the browser with a conversion's count, the rest
 * only with consent.
 */
import { cookieDeletions } from '~/features/consent/consent';
import { adsAllowed } from '~/features/consent/page-consent';
import {
  attributionFromVisit,
  fbcCookieFor,
  fbcValue,
  mergeAttribution,
  parseAttribution,
  readCookie,
  TRACKING_STORAGE_KEY,
  type AttributionRecord,
} from '~/features/tracking/attribution';

const FBC_MAX_AGE_S = 90 * 24 * 60 * 60; // Meta's click attribution window

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: attribution is simply not kept
  }
}

/**
 * This visit's attribution (URL, referrer, cookies); sets `_fbc` for a new fbclid. The first step of
 * recording a visit: cookie reads and writes only.
 */
export function readVisit(): AttributionRecord {
  const now = Date.now();
  const allowed = adsAllowed();
  const cookie = allowed ? document.cookie : '';
  const visit = attributionFromVisit({ url: location.href, referrer: document.referrer, cookie, now });
  const fbc = allowed ? fbcCookieFor(visit, readCookie(cookie, '_fbc'), now) : null;
  if (fbc) writeFbc(fbc);
  return visit;
}

function writeFbc(value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `_fbc=${value}; Max-Age=${FBC_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}

/**
 * Meta's cookies follow a change of consent: on consent, `_fbc` is set from the session's ad click
 * (with the click's time) when it is missing; on refusal, `_fbc` and `_fbp` are deleted.
 */
export function applyConsentToCookies(allowed: boolean): void {
  if (!allowed) {
    for (const name of ['_fbc', '_fbp']) for (const deletion of cookieDeletions(name, location.hostname)) document.cookie = deletion;
    return;
  }
  const record = parseAttribution(storage()?.getItem(TRACKING_STORAGE_KEY) ?? null);
  if (record?.fbclid && !readCookie(document.cookie, '_fbc')) writeFbc(fbcValue(record.fbclid, record.timestamp));
}

/** The second step: merges `visit` into the session's record (session storage) and returns it. */
export function storeVisit(visit: AttributionRecord): AttributionRecord {
  const store = storage();
  if (!store) return visit;
  const record = mergeAttribution(parseAttribution(store.getItem(TRACKING_STORAGE_KEY)), visit);
  store.setItem(TRACKING_STORAGE_KEY, JSON.stringify(record));
  return record;
}

/** Records this page visit in one go; safe to call more than once per page. */
export function captureAttribution(): AttributionRecord | null {
  return storeVisit(readVisit());
}
