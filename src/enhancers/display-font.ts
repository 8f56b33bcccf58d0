/**
 * The display face (headings) is not downloaded on the page a visitor lands on (from an ad, a
 * search, typed): there headings keep its metric-matched fallback (src/styles/global.css). On a
 * page reached from another page of this site, <html> gets the `display-font` class before the
 * first paint (display-font-early.ts, inlined in the head of src/layouts/SiteLayout.astro) and
 * headings use the face: at once when the browser has it, else it is downloaded there and, being
 * `font-display: optional` (astro.config.mjs), never swapped in late, so nothing moves; the next
 * page has it from the cache. The class is never added after the first paint.
 */
export const DISPLAY_FONT_CLASS = 'display-font';

/** Adds `className` to <html> when the page was reached from another page of this site. */
export function useDisplayFontAfterLanding(doc: Document, className: string): void {
  if (doc.referrer.startsWith(`${doc.location.origin}/`)) doc.documentElement.classList.add(className);
}
