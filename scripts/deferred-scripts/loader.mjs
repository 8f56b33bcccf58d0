/**
 * The page's own scripts (the site enhancers, the Meta pixel, the page's enhancers) load after the
 * first screen, not on the way to it (attribution is inlined in the head, see
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
    // Fetched together, run one after the other, each in a task of its own: several short tasks
    // keep the page responsive where one long one would hold a tap back.
    if (!load) urls.forEach(preload);
    runFrom(0);
  }
  function preload(url) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    document.head.appendChild(link);
  }
  function runFrom(index) {
    if (index === urls.length) return finish();
    importModule(urls[index]).catch(function (reason) {
      console.error('Page script failed to load: ' + urls[index], reason);
    }).then(function () {
      nextTask(function () { runFrom(index + 1); });
    });
  }
  // A message to itself: a new task, the way schedulers yield (a timer would be clamped or throttled).
  function nextTask(run) {
    var channel = new MessageChannel();
    channel.port1.onmessage = function () {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(null);
  }
  function finish() {
    removeEventListener('click', hold, true);
    document.documentElement.setAttribute(readyAttribute, 'ready');
    held.forEach(function (control) { if (control.isConnected) control.click(); });
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
