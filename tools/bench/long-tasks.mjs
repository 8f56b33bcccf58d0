/**
 * Long tasks while a visitor scrolls a page on a slow phone: Playwright + CDP, CPU 4× slower
 * (`Emulation.setCPUThrottlingRate`), 390×844 mobile viewport with touch, a fresh context per load,
 * the network as it is (the page's own work is what is measured; third-party embeds blocked).
 *
 * Per load: open the route, wait for 'load' and the network to go quiet, then scroll down
 * SCROLL_STEP_PX every SCROLL_EVERY_MS until the bottom, wait SETTLE_MS, and read every
 * 'longtask' entry (PerformanceObserver) that started after the first step: the longest task and
 * how many lasted over 50 ms (a 'longtask' entry is a task over 50 ms). Chrome leaves a frame's
 * rendering (style, layout, paint) out of those, so the long animation frames over 50 ms
 * ('long-animation-frame', script and rendering together) are read the same way. With a compared
 * server, its load follows each of ours, in the same rounds; the tables show medians of the loads.
 * `skipIslands`: component names (e.g. 'ScreenerModal') whose islands are taken out of the page as
 * it is parsed, so they never hydrate (nor load React): to see what the rest of the page costs.
 */
import { launchBrowser } from './bytes.mjs';
import { log, median, sleep, errorMessage, BenchStopped } from './util.mjs';

export const CPU_SLOWDOWN = 4;
export const SCROLL_STEP_PX = 300;
export const SCROLL_EVERY_MS = 100;
const SETTLE_MS = 1000;
const MAX_STEPS = 400;

const CONTEXT_OPTIONS = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const THIRD_PARTY_EMBEDS = /^https:\/\/(api\.leadconnectorhq\.com|link\.msgsndr\.com)\//;

// recordLongTasks(), removeIslands() and the steps run inside the page (page.evaluate), not in Node.
/* global window, document, MutationObserver */

/** Before the page's own scripts: keeps every long task and long animation frame of the page in `window.__long`. */
function recordLongTasks() {
  const long = { tasks: [], frames: [] };
  window.__long = long;
  const keep = (into) => (list) => {
    for (const entry of list.getEntries()) into.push({ start: entry.startTime, duration: entry.duration });
  };
  new PerformanceObserver(keep(long.tasks)).observe({ type: 'longtask', buffered: true });
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver(keep(long.frames)).observe({ type: 'long-animation-frame', buffered: true });
  }
}

/** As the page is parsed: takes the islands of the `names` components out, so they never hydrate. */
function removeIslands(names) {
  const remove = () => {
    for (const name of names) for (const island of document.querySelectorAll(`astro-island[component-url*="/${name}."]`)) island.remove();
  };
  new MutationObserver(remove).observe(document, { childList: true, subtree: true });
}

/** The longest and the count over 50 ms of `entries` that started at or after `since`. */
function summarize(entries, since) {
  const durations = entries.filter((entry) => entry.start >= since).map((entry) => Math.round(entry.duration));
  return { longestMs: durations.length ? Math.max(...durations) : 0, over50: durations.filter((ms) => ms > 50).length, durations };
}

/** One step down; true once the bottom of the page is on screen. */
function scrollStep(px) {
  window.scrollBy({ top: px, behavior: 'instant' });
  return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
}

async function measureOnce(browser, url, skipIslands) {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  try {
    await context.route(THIRD_PARTY_EMBEDS, (route) => route.abort('blockedbyclient'));
    if (skipIslands.length) await context.addInitScript(removeIslands, skipIslands);
    await context.addInitScript(recordLongTasks);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    const scrollStart = await page.evaluate(() => performance.now());
    const startedAt = Date.now();
    let steps = 0;
    // At the bottom twice in a row: sections drawn late (content-visibility) may lengthen the page.
    for (let bottom = 0; bottom < 2 && steps < MAX_STEPS; steps++) {
      const wait = startedAt + steps * SCROLL_EVERY_MS - Date.now();
      if (wait > 0) await sleep(wait);
      bottom = (await page.evaluate(scrollStep, SCROLL_STEP_PX)) ? bottom + 1 : 0;
    }
    await sleep(SETTLE_MS);
    const long = await page.evaluate(() => window.__long);
    const tasks = summarize(long.tasks, scrollStart);
    const frames = summarize(long.frames, scrollStart);
    return {
      longestMs: tasks.longestMs,
      over50: tasks.over50,
      tasksMs: tasks.durations,
      longestFrameMs: frames.longestMs,
      framesOver50: frames.over50,
      framesMs: frames.durations,
      steps,
    };
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * Loads every route `runs` times, each load of ours followed by one of `compareUrl` when given.
 * Returns { this: { [route]: result }, compared: { [route]: result } | null }, a result being
 * { runs: [...], median: { longestMs, over50 } }.
 */
export async function measureAllLongTasks(baseUrl, compareUrl, routes, runs, registerCleanup, skipIslands = []) {
  const browser = await launchBrowser();
  const unregister = registerCleanup(() => browser.close());
  const empty = () => Object.fromEntries(routes.map((route) => [route, { runs: [], median: null }]));
  const results = { this: empty(), compared: compareUrl ? empty() : null };
  const targets = [['this', baseUrl], ...(compareUrl ? [['compared', compareUrl]] : [])];
  try {
    for (let run = 1; run <= runs; run++) {
      for (const route of routes) {
        for (const [name, origin] of targets) {
          const label = `long tasks ${route} (${name}) run ${run}/${runs}`;
          try {
            const figures = await measureOnce(browser, new URL(route, origin).href, skipIslands);
            results[name][route].runs.push({ run, ...figures });
            const list = (ms) => ms.join(', ') || 'none';
            log(`${label}: tasks > 50 ms: ${list(figures.tasksMs)}; frames > 50 ms: ${list(figures.framesMs)}; ${figures.steps} steps`);
          } catch (err) {
            if (err instanceof BenchStopped) throw err;
            results[name][route].runs.push({ run, error: errorMessage(err) });
            log(`${label}: FAILED ${errorMessage(err)}`);
          }
        }
      }
    }
  } finally {
    unregister();
    await browser.close().catch(() => {});
  }
  for (const byRoute of Object.values(results)) {
    for (const result of Object.values(byRoute ?? {})) {
      const of = (key) => median(result.runs.map((r) => r[key]));
      result.median = { longestMs: of('longestMs'), over50: of('over50'), longestFrameMs: of('longestFrameMs'), framesOver50: of('framesOver50') };
    }
  }
  return results;
}
