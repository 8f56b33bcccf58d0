/**
 * The display face (headings) never delays or shifts the first page a visitor sees: on that page
 * headings keep the face's metric-matched fallback (src/styles/global.css) while the face is
 * downloaded at an idle moment after `load`, for the cache. From the next page of the visit on,
 * <html> gets the `display-font` class before the first paint (an inline script in the head of
 * src/layouts/SiteLayout.astro; `useDisplayFont` sets it too) and the cached face is used at once
 * (`font-display: optional` in astro.config.mjs: a face that is not ready at once is not swapped in
 * later, so nothing moves).
 */
import { afterLoadWhenIdle } from '~/lib/idle';

export const DISPLAY_FONT_CLASS = 'display-font';
export const SESSION_KEY = 'display-font-cached';

export function useDisplayFont(doc: Document, win: Window = window): void {
  if (cachedThisSession(win)) {
    doc.documentElement.classList.add(DISPLAY_FONT_CLASS);
    return;
  }
  afterLoadWhenIdle(doc, win, () => void cacheFaces(doc, win), { timeoutMs: 2000, fallbackMs: 200 });
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
