/**
 * The display face (headings) never delays or shifts the first page a visitor sees: on that page
 * headings keep the face's metric-matched fallback (src/styles/global.css) while the face is
 * downloaded at an idle moment after `load`, for the cache. From the next page of the visit on,
 * <html> gets the `display-font` class before the first paint (`applyCachedDisplayFont`, inlined in
 * the head of src/layouts/SiteLayout.astro) and the cached face is used at once (`font-display:
 * optional` in astro.config.mjs: a face that is not ready at once is not swapped in later, so
 * nothing moves). The class is never added after the first paint.
 */
import { afterLoadWhenIdle } from '~/lib/idle';

export const DISPLAY_FONT_CLASS = 'display-font';
export const SESSION_KEY = 'display-font-cached';

/**
 * Run in the head before the first paint (display-font-early.ts). Only a page
 * reached from another page of this site can find the face cached this visit (session storage is
 * per tab), so a landing page skips the storage read, a synchronous call into the browser before
 * the first paint.
 */
export function applyCachedDisplayFont(doc: Document, storageKey: string, className: string): void {
  try {
    const fromThisSite = doc.referrer.startsWith(`${doc.location.origin}/`);
    if (fromThisSite && doc.defaultView?.sessionStorage.getItem(storageKey) === '1') {
      doc.documentElement.classList.add(className);
    }
  } catch {
    // Storage blocked: headings keep the metric-matched fallback.
  }
}

/** Caches the face after `load`, when idle, unless this page already uses it or it is cached. */
export function useDisplayFont(doc: Document, win: Window = window): void {
  if (doc.documentElement.classList.contains(DISPLAY_FONT_CLASS)) return;
  const cacheOnce = () => {
    if (!cachedThisSession(win)) void cacheFaces(doc, win);
  };
  afterLoadWhenIdle(doc, win, cacheOnce, { timeoutMs: 2000, fallbackMs: 200 });
}

/**
 * Downloads the page's web font faces without applying them; remembers it for this visit. The
 * metric-matched fallback faces (local fonts, "… fallback" families) are left alone: a device may
 * not have their local font, which is what the rest of their font stack is for.
 */
export async function cacheFaces(doc: Document, win: Window = window): Promise<void> {
  if (!doc.fonts) return;
  const loads: Promise<unknown>[] = [];
  doc.fonts.forEach((face) => {
    if (face.status === 'unloaded' && !/\bfallback\b/i.test(face.family)) loads.push(face.load());
  });
  try {
    await Promise.all(loads);
    win.sessionStorage.setItem(SESSION_KEY, '1');
  } catch {
    // Offline or storage blocked: headings keep the fallback, which is metric-matched.
  }
}

function cachedThisSession(win: Window): boolean {
  try {
    return win.sessionStorage.getItem(SESSION_KEY) === '1';
  } catch {
    return false;
  }
}
