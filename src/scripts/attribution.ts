/**
 * On every public page: keep the session's attribution record, set `_fbc` for a new fbclid,
 * and load the Meta pixel when one is configured.
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
import { installPixel, pagePixelId } from '~/lib/tracking/pixel';

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

export function startPageTracking(): void {
  try {
    captureAttribution();
    installPixel(window, pagePixelId(document));
  } catch (error) {
    console.error('tracking: attribution failed', error);
  }
}
