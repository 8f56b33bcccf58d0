/**
 * The display face (headings) never delays or shifts the first page a visitor sees: on that page
 * headings keep the face's metric-matched fallback (src/styles/global.css) while the face is
 * downloaded at an idle moment after `load`, for the cache. From the next page of the visit on,
 * <html> gets the `display-font` class before the first paint (an inline script in the head of
 * src/layouts/SiteLayout.astro; `useDisplayFont` sets it too) and the cached face is used at once
 * (`font-display: optional` in astro.config.mjs: a face that is not ready at once is not swapped in
 * later, so nothing moves).
 */
export const DISPLAY_FONT_CLASS = 'display-font';
export const SESSION_KEY = 'display-font-cached';

export function useDisplayFont(doc: Document, win: Window = window): void {
  if (cachedThisSession(win)) {
    doc.documentElement.classList.add(DISPLAY_FONT_CLASS);
    return;
  }
  const idle = () => {
    const run = () => void cacheFaces(doc, win);
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 2000 });
    else win.setTimeout(run, 200);
  };
  if (doc.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
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
