/**
 * The session's attribution record and the `_fbc` cookie for a new fbclid. Every indexed page
 * runs it inline while parsing (src/scripts/attribution-early.ts); the thank-you pages read the
 * record it returns.
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

/** Records this page visit; safe to call more than once per page. */
export function captureAttribution(): AttributionRecord | null {
  const now = Date.now();
  const visit = attributionFromVisit({ url: location.href, referrer: document.referrer, cookie: document.cookie, now });
  const fbc = fbcCookieFor(visit, readCookie(document.cookie, '_fbc'), now);
  if (fbc) {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `_fbc=${fbc}; Max-Age=${FBC_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
  }
  const store = storage();
  if (!store) return visit;
  const record = mergeAttribution(parseAttribution(store.getItem(TRACKING_STORAGE_KEY)), visit);
  store.setItem(TRACKING_STORAGE_KEY, JSON.stringify(record));
  return record;
}
