/**
 * The display face (headings) is asked for only once the first screen is drawn: until <html> has
 * the `display-font` class, headings use the face's metric-matched fallback (src/styles/global.css),
 * so a phone spends its first bandwidth on the page and its hero picture. Later in the same
 * session the face is in the cache: it is used at once.
 */
export const DISPLAY_FONT_CLASS = 'display-font';
const SESSION_KEY = 'display-font-used';

export function useDisplayFontWhenIdle(doc: Document, win: Window = window): void {
  const use = () => {
    doc.documentElement.classList.add(DISPLAY_FONT_CLASS);
    try {
      win.sessionStorage.setItem(SESSION_KEY, '1');
    } catch {
      // Storage may be blocked (private modes): the face is then asked for after load on each page.
    }
  };
  if (usedThisSession(win)) return use();
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(use, { timeout: 1000 });
    else win.setTimeout(use, 100);
  };
  if (doc.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

function usedThisSession(win: Window): boolean {
  try {
    return win.sessionStorage.getItem(SESSION_KEY) === '1';
  } catch {
    return false;
  }
}
