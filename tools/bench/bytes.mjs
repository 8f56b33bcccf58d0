/**
 * Bytes by kind for one page load, with Playwright: mobile viewport, fresh context, load + a
 * quiet window with no interaction. Every response from the site's own origin is counted (raw
 * body length and our own gzip -9 of it); third-party requests are only counted and listed.
 */
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../browser.mjs';
import { log, sleep, withTimeout, errorMessage, BenchStopped } from './util.mjs';

// The system Chromium (tools/browser.mjs: never a downloaded one; CHROMIUM_PATH overrides it).
export const CHROME_PATH = chromiumPath();
export const KINDS = ['html', 'css', 'js', 'images', 'fonts', 'video', 'other'];

const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const CONTEXT_OPTIONS = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const QUIET_MS = 2000; // the idle window after 'load'
const MAX_WINDOW_MS = 15_000; // stop waiting for quiet after this long past 'load'
const BODY_TIMEOUT_MS = 10_000;

const KIND_BY_RESOURCE_TYPE = {
  document: 'html',
  stylesheet: 'css',
  script: 'js',
  image: 'images',
  font: 'fonts',
  media: 'video',
};
const KIND_BY_MIME = [
  [/html/, 'html'],
  [/css/, 'css'],
  [/javascript|ecmascript/, 'js'],
  [/^image\//, 'images'],
  [/^font\/|font-woff|opentype|truetype/, 'fonts'],
  [/^(video|audio)\//, 'video'],
];

export function launchBrowser() {
  // Signals are handled by bench.mjs, which closes the browser itself.
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: BROWSER_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/** Loads `baseUrl + route` once and returns the byte figures (see summarize()). */
export async function measureBytes(browser, baseUrl, route) {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  const origin = new URL(baseUrl).origin;
  const traffic = recordTraffic(context, origin);
  try {
    const page = await context.newPage();
    const media = await recordMedia(context, page, origin);
    const response = await page.goto(new URL(route, baseUrl).href, { waitUntil: 'load', timeout: 60_000 });
    const windowMs = await waitForQuiet(traffic);
    const mediaEntries = media.finish();
    const { entries, thirdParty } = await traffic.finish();
    return summarize({
      status: response?.status() ?? null,
      finalUrl: page.url(),
      windowMs,
      entries: [...entries, ...mediaEntries],
      thirdParty,
    });
  } finally {
    traffic.stop();
    await context.close().catch(() => {});
  }
}

/** Listens to every request of the context; finish() resolves the measured entries. */
function recordTraffic(context, origin) {
  const inflight = new Set();
  const pending = [];
  const thirdParty = [];
  const state = { lastActivity: Date.now(), inflight };
  const isOwn = (request) => new URL(request.url()).origin === origin;
  const isHttp = (request) => /^https?:/.test(request.url());

  const onRequest = (request) => {
    if (!isHttp(request)) return;
    state.lastActivity = Date.now();
    if (request.resourceType() !== 'media') inflight.add(request);
    if (!isOwn(request)) thirdParty.push({ url: request.url(), host: new URL(request.url()).host, request, failed: null });
  };
  const onDone = (failed) => (request) => {
    if (!isHttp(request)) return;
    state.lastActivity = Date.now();
    inflight.delete(request);
    if (isOwn(request) && request.resourceType() !== 'media') pending.push(measureEntry(request, failed));
    else if (failed) markFailed(thirdParty, request);
  };
  const onFinished = onDone(false);
  const onFailed = onDone(true);
  context.on('request', onRequest);
  context.on('requestfinished', onFinished);
  context.on('requestfailed', onFailed);

  const stop = () => {
    context.off('request', onRequest);
    context.off('requestfinished', onFinished);
    context.off('requestfailed', onFailed);
  };
  const finish = async () => {
    stop();
    const entries = await Promise.all(pending);
    // Own requests still open at the end of the window (e.g. a streaming video) have no body yet.
    for (const request of inflight) {
      if (isOwn(request)) entries.push({ ...describe(request, null), raw: 0, gzip: 0, note: 'still in flight' });
    }
    return { entries, thirdParty: thirdParty.map(({ request, ...rest }) => rest) };
  };
  return { state, stop, finish };
}

function markFailed(thirdParty, request) {
  const item = thirdParty.find((t) => t.request === request);
  if (item) item.failed = request.failure()?.errorText ?? 'failed';
}

/** Waits until nothing but media has been in flight for QUIET_MS; returns the window length. */
async function waitForQuiet({ state }) {
  const start = Date.now();
  while (Date.now() - start < MAX_WINDOW_MS) {
    if (state.inflight.size === 0 && Date.now() - state.lastActivity >= QUIET_MS) break;
    await sleep(100);
  }
  return Date.now() - start;
}

/** Raw and gzip -9 bytes of one finished or failed (non-media) request of the site's own origin. */
async function measureEntry(request, failed) {
  const response = await request.response().catch(() => null);
  const entry = describe(request, response);
  if (failed) entry.failed = request.failure()?.errorText ?? 'failed';
  const isRedirect = entry.status >= 300 && entry.status < 400;
  const body = response && !failed && !isRedirect ? await withTimeout(response.body(), BODY_TIMEOUT_MS, null) : null;
  if (body) return { ...entry, raw: body.length, gzip: gzipSize(body), ...(entry.kind === 'html' ? { inlineJsGzip: inlineScriptsGzip(body.toString('utf8')) } : {}) };
  return { ...entry, raw: 0, gzip: 0, note: isRedirect ? 'redirect' : 'no body' };
}

/** The page's inline scripts (JavaScript, not JSON data), gzipped one by one, as tests/dist/first-screen-js.test.ts counts them. */
export function inlineScriptsGzip(html) {
  let total = 0;
  for (const [, attributes, code] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes) || /\stype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    total += gzipSize(Buffer.from(code));
  }
  return total;
}

/**
 * Media (video/audio) requests are range requests that the player aborts or keeps streaming, so
 * their bodies are not available: count the bytes the page actually received, from CDP
 * Network.dataReceived. Media is already compressed, so gzip = raw.
 */
async function recordMedia(context, page, origin) {
  const loads = new Map(); // CDP requestId -> { url, status, contentType, received, failed }
  const cdp = await context.newCDPSession(page);
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    if (type === 'Media' && new URL(request.url).origin === origin) {
      loads.set(requestId, { url: request.url, status: null, contentType: '', received: 0, range: request.headers.Range ?? null });
    }
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const load = loads.get(requestId);
    if (load) Object.assign(load, { status: response.status, contentType: response.mimeType });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const load = loads.get(requestId);
    if (load) load.received += dataLength;
  });
  cdp.on('Network.loadingFailed', ({ requestId, errorText }) => {
    const load = loads.get(requestId);
    if (load) load.failed = errorText;
  });
  await cdp.send('Network.enable');
  const finish = () =>
    [...loads.values()].map(({ received, ...load }) => ({
      ...load,
      resourceType: 'media',
      kind: 'video',
      raw: received,
      gzip: received,
      note: 'media: bytes received',
    }));
  return { finish };
}

function describe(request, response) {
  const contentType = response?.headers()['content-type'] ?? '';
  return {
    url: request.url(),
    resourceType: request.resourceType(),
    contentType,
    status: response?.status() ?? null,
    kind: classify(request.resourceType(), contentType),
  };
}

/** The resource type says what the page used it for; the MIME type decides for fetches, prefetches, etc. */
export function classify(resourceType, contentType) {
  if (KIND_BY_RESOURCE_TYPE[resourceType]) return KIND_BY_RESOURCE_TYPE[resourceType];
  const mime = contentType.toLowerCase();
  return KIND_BY_MIME.find(([pattern]) => pattern.test(mime))?.[1] ?? 'other';
}

const gzipSize = (body) => zlib.gzipSync(body, { level: 9 }).length;

/** Totals per kind, JS before interaction, and third-party hosts. */
function summarize({ status, finalUrl, windowMs, entries, thirdParty }) {
  const kinds = Object.fromEntries(KINDS.map((kind) => [kind, { raw: 0, gzip: 0, requests: 0 }]));
  for (const entry of entries) {
    const total = kinds[entry.kind];
    total.raw += entry.raw;
    total.gzip += entry.gzip;
    total.requests += 1;
  }
  const hosts = {};
  for (const { host } of thirdParty) hosts[host] = (hosts[host] ?? 0) + 1;
  return {
    status,
    finalUrl,
    windowMs,
    kinds,
    // Everything here loaded without any interaction, and the page's inline scripts.
    jsBeforeInteractionGzip: kinds.js.gzip + entries.reduce((sum, entry) => sum + (entry.inlineJsGzip ?? 0), 0),
    thirdParty: { requests: thirdParty.length, failed: thirdParty.filter((t) => t.failed).length, hosts, list: thirdParty },
    entries,
  };
}

/** Measures every route once with one shared browser; a failing route is recorded, not fatal. */
export async function measureAllBytes(baseUrl, routes, registerCleanup) {
  const browser = await launchBrowser();
  const unregister = registerCleanup(() => browser.close());
  const results = {};
  try {
    for (const route of routes) {
      try {
        results[route] = await measureBytes(browser, baseUrl, route);
        const { kinds, status, thirdParty } = results[route];
        log(`bytes ${route}: status ${status}, html ${kinds.html.raw} B, js ${kinds.js.gzip} B gz, ${thirdParty.requests} third-party`);
      } catch (err) {
        if (err instanceof BenchStopped) throw err;
        results[route] = { error: errorMessage(err) };
        log(`bytes ${route}: FAILED ${errorMessage(err)}`);
      }
    }
  } finally {
    unregister();
    await browser.close().catch(() => {});
  }
  return results;
}
