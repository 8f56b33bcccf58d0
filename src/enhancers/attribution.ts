/**
 * The session's attribution record and the `_fbc` cookie for a new fbclid. Every indexed page
 * records its visit with it (src/enhancers/attribution-early.ts, inlined); the thank-you pages read
 * the record `captureAttribution` returns.
 */
import {
  attributionFromVisit,
  fbcCookieFor,
  mergeAttribution,
  parseAttribution,
  readCookie,
  TRACKING_STORAGE_KEY,
  type AttributionRecord,
} from '~/lib/tracking/attribution';

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
  const visit = attributionFromVisit({ url: location.href, referrer: document.referrer, cookie: document.cookie, now });
  const fbc = fbcCookieFor(visit, readCookie(document.cookie, '_fbc'), now);
  if (fbc) {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `_fbc=${fbc}; Max-Age=${FBC_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
  }
  return visit;
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
