/**
 * Long tasks on a slow phone: Playwright + CDP, CPU `cpuRate`× slower (`Emulation.setCPUThrottlingRate`,
 * 4 by default; 8–10 on a fast machine stands for a slow host), 390×844 mobile viewport with touch,
 * a fresh context per load, the network as it is (the page's own work is what is measured;
 * third-party embeds blocked).
 *
 * Per load: open the route, wait for 'load' and the network to go quiet, stay idle IDLE_MS, then
 * scroll down SCROLL_STEP_PX every SCROLL_EVERY_MS until the bottom, wait SETTLE_MS, and read:
 *   - every 'longtask' entry (a task over 50 ms), before and after the load event's start;
 *   - every long animation frame after it ('long-animation-frame': the tasks of one frame and its
 *     rendering together, long even when no single task is; a frame's rendering alone, when it
 *     runs over 50 ms, is also a 'longtask' entry in Chromium), with
 *     what ran in it (logged, and kept in latest.json);
 *   - LCP − FCP: the largest contentful paint's time less the first contentful paint's, read
 *     before the first scroll step.
 * With a compared server, its load follows each of ours, in the same rounds; the tables show
 * medians of the loads and each load's figure.
 * `skipIslands`: component names (e.g. 'ScreenerModal') whose islands are taken out of the page as
 * it is parsed, so they never hydrate (nor load React): to see what the rest of the page costs.
 */
import { launchBrowser } from './bytes.mjs';
import { log, median, sleep, errorMessage, BenchStopped } from './util.mjs';
import { readPaints, readRecord, recordLongTasks, removeIslands, scrollStep } from './long-tasks-page.mjs';

export const DEFAULT_CPU_RATE = 4;
export const IDLE_MS = 2000;
export const SCROLL_STEP_PX = 300;
export const SCROLL_EVERY_MS = 100;
const SETTLE_MS = 1000;
const MAX_STEPS = 400;

const CONTEXT_OPTIONS = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const THIRD_PARTY_EMBEDS = /^https:\/\/(api\.leadconnectorhq\.com|link\.msgsndr\.com)\//;

/** The longest and the count over 50 ms of `entries` that started in [from, to). */
function summarize(entries, from, to = Infinity) {
  const durations = entries.filter((entry) => entry.start >= from && entry.start < to).map((entry) => Math.round(entry.duration));
  return { longestMs: durations.length ? Math.max(...durations) : 0, over50: durations.filter((ms) => ms > 50).length, durations };
}

/** A long frame in a few words: its length, its rendering, and the scripts that ran in it. */
function describeFrame(frame, loadStart) {
  const scripts = frame.scripts.map((s) => `${s.invoker}${s.source ? ` ${s.source}` : ''} ${s.duration} ms${s.forcedLayout ? ` (forced layout ${s.forcedLayout})` : ''}`);
  const at = Math.round(frame.start - loadStart);
  return `+${at} ms: ${Math.round(frame.duration)} ms, style+layout ${Math.round(frame.styleAndLayoutMs)}, render ${Math.round(frame.renderMs)}${scripts.length ? `; ${scripts.join('; ')}` : ''}`;
}

async function measureOnce(browser, url, { skipIslands, cpuRate }) {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  try {
    await context.route(THIRD_PARTY_EMBEDS, (route) => route.abort('blockedbyclient'));
    if (skipIslands.length) await context.addInitScript(removeIslands, skipIslands);
    await context.addInitScript(recordLongTasks);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    await sleep(IDLE_MS);
    const paints = await page.evaluate(readPaints);
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
    const record = await page.evaluate(readRecord);
    const loadStart = record.loadStart ?? 0;
    const before = summarize(record.tasks, 0, loadStart);
    const after = summarize(record.tasks, loadStart);
    const frames = summarize(record.frames, loadStart);
    const scrolling = summarize(record.tasks, scrollStart);
    const lcpMinusFcp = paints.lcp && paints.fcp !== null ? Math.round(paints.lcp.start - paints.fcp) : null;
    return {
      beforeLoadLongestMs: before.longestMs,
      beforeLoadOver50: before.over50,
      afterLoadLongestMs: after.longestMs,
      afterLoadOver50: after.over50,
      afterLoadTasksMs: after.durations,
      scrollingOver50: scrolling.over50,
      longestFrameMs: frames.longestMs,
      framesOver50: frames.over50,
      lcpMinusFcpMs: lcpMinusFcp,
      fcpMs: paints.fcp === null ? null : Math.round(paints.fcp),
      lcp: paints.lcp,
      longFrames: record.frames.filter((frame) => frame.start >= loadStart && frame.duration > 50).map((frame) => describeFrame(frame, loadStart)),
      elements: record.elements,
      steps,
    };
  } finally {
    await context.close().catch(() => {});
  }
}

export const MEDIAN_KEYS = ['lcpMinusFcpMs', 'beforeLoadOver50', 'beforeLoadLongestMs', 'afterLoadOver50', 'afterLoadLongestMs', 'framesOver50', 'longestFrameMs'];

/**
 * Loads every route `runs` times, each load of ours paired with one of `compareUrl` when given; which
 * of the two goes first alternates from round to round (the first of a pair read differently in one run).
 * Returns { this: { [route]: result }, compared: { [route]: result } | null }, a result being
 * { runs: [...], median: { [MEDIAN_KEYS]: number } }.
 */
export async function measureAllLongTasks(baseUrl, compareUrl, routes, runs, registerCleanup, { skipIslands = [], cpuRate = DEFAULT_CPU_RATE } = {}) {
  const browser = await launchBrowser();
  const unregister = registerCleanup(() => browser.close());
  const empty = () => Object.fromEntries(routes.map((route) => [route, { runs: [], median: null }]));
  const results = { this: empty(), compared: compareUrl ? empty() : null };
  const targets = [['this', baseUrl], ...(compareUrl ? [['compared', compareUrl]] : [])];
  try {
    for (let run = 1; run <= runs; run++) {
      for (const route of routes) {
        for (const [name, origin] of run % 2 === 1 ? targets : [...targets].reverse()) {
          const label = `long tasks ${route} (${name}) run ${run}/${runs}`;
          try {
            const figures = await measureOnce(browser, new URL(route, origin).href, { skipIslands, cpuRate });
            results[name][route].runs.push({ run, ...figures });
            const list = (ms) => ms.join(', ') || 'none';
            const lcp = figures.lcp ? `${figures.lcp.element}${figures.lcp.url ? ` ${figures.lcp.url}` : ''}` : 'none';
            log(
              `${label}: before load ${figures.beforeLoadOver50} task(s) > 50 ms (longest ${figures.beforeLoadLongestMs}); after load: ${list(figures.afterLoadTasksMs)};` +
                ` LCP − FCP ${figures.lcpMinusFcpMs} ms (FCP ${figures.fcpMs}, LCP ${lcp}); ${figures.elements} elements, ${figures.steps} steps`,
            );
            for (const frame of figures.longFrames) log(`  long frame ${frame}`);
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
      result.median = Object.fromEntries(MEDIAN_KEYS.map((key) => [key, of(key)]));
    }
  }
  return results;
}
