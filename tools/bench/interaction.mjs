/**
 * "After a click on 'START YOUR JOURNEY' the dialog is visible in ≤ 1 s with the network
 * throttled to Lighthouse's mobile profile": Playwright + CDP, with Lighthouse's own mobile
 * constants (slow 4G as DevTools applies it: 562.5 ms request latency, 1.44 Mbps down,
 * 675 kbps up; CPU 4× slower, or --cpu-rate), on a fresh page per run (390×844, DPR 3, touch).
 *
 * Per run: load the route throttled, wait for the network to go quiet, click the first visible
 * `[data-open-booking]`, and time in the page, from the click's event timestamp:
 *   - dialogMs: to the first frame painted with the dialog open (the visitor sees it);
 *   - hydratedMs: to the booking island having hydrated (React loaded, the widget starting).
 * The scheduling host is not contacted (blocked): what is measured is the site itself.
 */
import { throttling } from 'lighthouse/core/config/constants.js';
import { launchBrowser } from './bytes.mjs';
import { log, median, sleep, errorMessage, BenchStopped } from './util.mjs';

export const MOBILE_THROTTLING = throttling.mobileSlow4G;
export const DIALOG_BUDGET_MS = 1000;

const CONTEXT_OPTIONS = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const TRIGGER = '[data-open-booking]';
const THIRD_PARTY_EMBEDS = /^https:\/\/(api\.leadconnectorhq\.com|link\.msgsndr\.com)\//;

// instrument() and the marks read back run inside the page (page.evaluate), not in Node.
/* global window, document, requestAnimationFrame */

/** Applies Lighthouse's mobile network throttling and CPU `cpuRate`× slower to `page` through CDP. */
async function throttle(context, page, cpuRate) {
  const cdp = await context.newCDPSession(page);
  const kbpsToBytesPerSecond = (kbps) => (kbps * 1024) / 8;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_THROTTLING.requestLatencyMs,
    downloadThroughput: kbpsToBytesPerSecond(MOBILE_THROTTLING.downloadThroughputKbps),
    uploadThroughput: kbpsToBytesPerSecond(MOBILE_THROTTLING.uploadThroughputKbps),
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  return cdp;
}

/** Records, inside the page, the click's timestamp and the first paint with the dialog open. */
function instrument() {
  const marks = { click: null, dialog: null, hydrated: null };
  window.__bookingMarks = marks;
  document.addEventListener(
    'click',
    (event) => {
      if (marks.click === null && event.target.closest?.('[data-open-booking]')) marks.click = event.timeStamp;
    },
    { capture: true },
  );
  const watch = () => {
    const dialog = document.getElementById('booking-dialog');
    if (marks.dialog === null && dialog?.open) {
      // The frame that shows it: the next animation frame's paint.
      requestAnimationFrame(() =>
        setTimeout(() => {
          marks.dialog = performance.now();
        }, 0),
      );
    }
    const island = document.querySelector('astro-island[component-url*="/BookingModal."]');
    if (marks.hydrated === null && marks.click !== null && island && !island.hasAttribute('ssr')) marks.hydrated = performance.now();
    if (marks.dialog === null || marks.hydrated === null) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

async function measureOnce(browser, url, cpuRate) {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  try {
    await context.route(THIRD_PARTY_EMBEDS, (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    await throttle(context, page, cpuRate);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
    await page.evaluate(instrument);
    const trigger = page.locator(`${TRIGGER}:visible`).first();
    if ((await trigger.count()) === 0) return { error: 'no visible [data-open-booking] on the page' };
    await trigger.click({ timeout: 30_000 });
    const deadline = Date.now() + 60_000;
    let marks;
    while (Date.now() < deadline) {
      marks = await page.evaluate(() => window.__bookingMarks);
      if (marks.dialog !== null && marks.hydrated !== null) break;
      await sleep(100);
    }
    if (!marks || marks.click === null) return { error: 'the click was not seen' };
    const since = (t) => (t === null ? null : Math.round(t - marks.click));
    return { dialogMs: since(marks.dialog), hydratedMs: since(marks.hydrated) };
  } finally {
    await context.close().catch(() => {});
  }
}

/** Measures every route `runs` times; returns { [route]: { runs, median: { dialogMs, hydratedMs } } }. */
export async function measureAllInteractions(baseUrl, routes, runs, registerCleanup, cpuRate = MOBILE_THROTTLING.cpuSlowdownMultiplier) {
  const browser = await launchBrowser();
  const unregister = registerCleanup(() => browser.close());
  const results = Object.fromEntries(routes.map((route) => [route, { runs: [], median: null }]));
  try {
    for (let run = 1; run <= runs; run++) {
      for (const route of routes) {
        const label = `click → dialog ${route} run ${run}/${runs}`;
        try {
          const figures = await measureOnce(browser, new URL(route, baseUrl).href, cpuRate);
          results[route].runs.push({ run, ...figures });
          log(`${label}: ${figures.error ?? `dialog ${figures.dialogMs} ms, island hydrated ${figures.hydratedMs} ms`}`);
        } catch (err) {
          if (err instanceof BenchStopped) throw err;
          results[route].runs.push({ run, error: errorMessage(err) });
          log(`${label}: FAILED ${errorMessage(err)}`);
        }
      }
    }
  } finally {
    unregister();
    await browser.close().catch(() => {});
  }
  for (const result of Object.values(results)) {
    result.median = {
      dialogMs: median(result.runs.map((r) => r.dialogMs)),
      hydratedMs: median(result.runs.map((r) => r.hydratedMs)),
    };
  }
  return results;
}
