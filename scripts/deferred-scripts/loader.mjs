/**
 * The page's own scripts (the site enhancers, the Meta pixel, the page's enhancers) load after the
 * first screen, not on the way to it (attribution is inlined and runs at parse time, see
 * src/components/site/Tracking.astro): `scripts/defer-scripts.mjs` replaces each page's
 * `<script type="module" src>` tags with one inline call of `startPageScripts`.
 *
 * They start once `load` has fired and the next frame is drawn (or MAX_WAIT_MS after the call,
 * when a slow image holds `load` back or the tab is in the background, where frames wait). A
 * click on a control that needs them before that is not lost: it is held, the scripts start at
 * once, and the click is replayed when they have run (a link falls back to being a link when
 * they cannot load). When they have run, <html> gets `data-page-scripts="ready"`.
 *
 * `startPageScripts` is serialized into the page (`Function.prototype.toString`): it must use
 * only its arguments and browser globals.
 */

/** Controls that act through the page's scripts: a click on one before they run is replayed. */
export const REPLAY_SELECTOR = [
  '[data-open-booking]',
  '[data-open-screener]',
  '[data-get-resource]',
  'button[type="button"]',
].join(', ');

/** The latest moment after the page is parsed that the scripts start, `load` or not. */
export const MAX_WAIT_MS = 3000;

export const READY_ATTRIBUTE = 'data-page-scripts';

/**
 * @param {string[]} urls the module scripts, in document order
 * @param {string} selector REPLAY_SELECTOR
 * @param {number} maxWaitMs MAX_WAIT_MS
 * @param {string} readyAttribute READY_ATTRIBUTE
 * @param {(url: string) => Promise<unknown>} [load] how a module is loaded (tests pass their own)
 */
export function startPageScripts(urls, selector, maxWaitMs, readyAttribute, load) {
  var started = false;
  var held = [];
  var importModule = load || function (url) { return import(url); };
  function start() {
    if (started) return;
    started = true;
    Promise.allSettled(urls.map(importModule)).then(function (results) {
      removeEventListener('click', hold, true);
      results.forEach(function (result, index) {
        if (result.status === 'rejected') console.error('Page script failed to load: ' + urls[index], result.reason);
      });
      document.documentElement.setAttribute(readyAttribute, 'ready');
      held.forEach(function (control) { if (control.isConnected) control.click(); });
    });
  }
  function hold(event) {
    var control = event.target instanceof Element ? event.target.closest(selector) : null;
    // A hydrated island handles its own clicks.
    if (!control || control.closest('astro-island:not([ssr])')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.indexOf(control) < 0) held.push(control);
    start();
  }
  // After `load` and the frame that follows it: a page without images can reach `load` before
  // its first paint.
  function afterNextFrame() {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  addEventListener('click', hold, true);
  if (document.readyState === 'complete') afterNextFrame();
  else addEventListener('load', afterNextFrame, { once: true });
  setTimeout(start, maxWaitMs);
}

/** The inline script that starts `urls` this way. */
export function loaderScript(urls) {
  const args = [JSON.stringify(urls), JSON.stringify(REPLAY_SELECTOR), MAX_WAIT_MS, JSON.stringify(READY_ATTRIBUTE)];
  return `(${startPageScripts.toString()})(${args.join(',')})`;
}
