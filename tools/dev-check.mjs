#!/usr/bin/env node
/**
 * Tries `npm run dev` as a new developer would, in Chromium: starts it on its own port, then
 *  1. the lead path: /guides → Get it free → the local test form (labelled) → /thank-you/resource;
 *  2. the first booking open, and the first 'Get it free' open at 390 and 1280 px: no hydration
 *     warning, no console error of the site's own;
 *  3. the booking path: 'START YOUR JOURNEY' → the local test scheduler (labelled) → a time,
 *     confirmed → /thank-you/call, the conversion counted, and no request off this machine;
 *  4. /admin/anything answers the admin page (as public/_redirects does in production), and the
 *     calendar debugger answers from the local fake GoHighLevel, labelled;
 *  5. a bad content edit (an empty field, a missing comma in src/content/testimonials.json, put back
 *     after): Astro's error overlay names the file, the line and the field; fixed, the page is back.
 * Prints each check with its time, stops the dev server, and exits 1 if a check failed.
 *
 *   npm run check:dev -- --port 4601 [--only <part of a check's name>] [--screenshots <dir>]
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { DEV_HOST, DEV_PORT } from '../src/lib/dev-origin.ts';
import { readSiteSettings } from '../src/lib/site-settings-file.ts';
import { chromiumPath } from './browser.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { port: { type: 'string', default: String(DEV_PORT) }, only: { type: 'string' }, screenshots: { type: 'string' } },
});
const base = `http://${DEV_HOST}:${values.port}`;
const TIMEOUT = 60_000;

async function serverUp(deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(base, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`npm run dev did not answer on ${base}`);
}

/**
 * Waits until the dev server has settled: the pages the checks start from are loaded with their
 * islands' code (a tap's intent wakes them), and the page has not been reloaded for 3 s. On a fresh
 * start (no node_modules/.astro) Astro writes its content store and tells the browsers to reload
 * before any is connected: Vite keeps that reload for the first page that connects, which reloads
 * about half a second after it opened. Without this wait that page was the first check's: its
 * dialog was gone, and it waited 60 s for the local test form. (Vite's dependency optimiser, the
 * other reloader, is given the islands' packages: src/integrations/island-packages.ts.)
 */
async function settled(browser) {
  const page = await browser.newPage();
  let last = Date.now();
  let reloads = 0;
  // Vite's client says why it reloads a page ("[vite] page reload …").
  const said = [];
  page.on('console', (message) => message.text().startsWith('[vite]') && said.push(message.text()));
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    last = Date.now();
    reloads += 1;
  });
  const paths = ['/guides', '/'];
  for (const path of paths) {
    await page.goto(`${base}${path}`, { waitUntil: 'domcontentloaded' });
    await page.locator('[data-get-resource], [data-open-booking]').first().hover();
    await page.waitForLoadState('networkidle');
  }
  const deadline = Date.now() + 60_000;
  while (Date.now() - last < 3000 && Date.now() < deadline) await page.waitForTimeout(250);
  await page.close();
  return { reloads: reloads - paths.length, said: [...new Set(said)] };
}

/** Console errors and warnings of the page: the site's own (its origin, the stand-in) apart from third parties'. */
function watchConsole(page) {
  const own = [];
  const thirdParty = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const source = message.location().url;
    const entry = `${message.type()}: ${message.text().split('\n')[0]}${source ? ` (${source})` : ''}`;
    const foreign = source && !source.startsWith(base) && !source.startsWith('http://127.0.0.1:');
    (foreign ? thirdParty : own).push(entry);
  });
  page.on('pageerror', (error) => own.push(`uncaught: ${error.message}`));
  return { own, thirdParty };
}

/** With `--screenshots DIR`: the page at 390 and 1280 px wide, as DIR/<name>-<width>.png. */
async function shoot(page, name) {
  if (!values.screenshots) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `${values.screenshots}/${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}

/** A content file broken for a check, and put back as it was (also when the check is stopped). */
function breakFile(file, edit) {
  const path = `${root}${file}`;
  const original = readFileSync(path, 'utf8');
  const restore = () => writeFileSync(path, original);
  process.once('SIGINT', restore);
  process.once('SIGTERM', restore);
  writeFileSync(path, edit(original));
  return () => {
    restore();
    process.off('SIGINT', restore);
    process.off('SIGTERM', restore);
  };
}

/** The text of Astro's error overlay on the page (Playwright's locators reach into its shadow root), or '' when there is none. */
async function overlayText(page) {
  const overlay = page.locator('vite-error-overlay');
  if (!(await overlay.count())) return '';
  const parts = await Promise.all(['#title', '#message', '#code header'].map(async (part) => (await overlay.locator(part).allTextContents()).join(' ').trim()));
  return parts.join('\n');
}

/** The errors of a page the dev server reloads (after a file changed) while it is opened or read: read it again. */
const RELOADED = /ERR_ABORTED|interrupted by another navigation|Execution context was destroyed|Timeout/;

/**
 * What `/` shows now: the text of Astro's error overlay, or the number of testimonials it renders
 * (null when the dev server reloaded the page as it was read). Waits for the document, not its
 * images, which the dev server makes on first request.
 */
async function homeNow(page) {
  try {
    await page.goto(base, { waitUntil: 'domcontentloaded' });
    await page.locator('vite-error-overlay, [data-carousel-row="testimonials"]').first().waitFor({ state: 'attached', timeout: 10_000 });
    const overlay = await overlayText(page);
    return overlay ? { overlay } : { testimonials: await page.locator('[data-carousel-row="testimonials"] li').count() };
  } catch (error) {
    if (RELOADED.test(String(error))) return null;
    throw error;
  }
}

/** Reads `/` until `done` says what it shows is what is expected (the dev server reloads the file on its own time). */
async function homeUntil(page, done, expected) {
  const deadline = Date.now() + 30_000;
  let seen = null;
  while (Date.now() < deadline) {
    seen = (await homeNow(page)) ?? seen;
    if (seen && done(seen)) return seen;
    await page.waitForTimeout(500);
  }
  throw new Error(`/ did not show ${expected}; it showed ${seen?.overlay ? `the overlay: ${seen.overlay}` : `${seen?.testimonials} testimonials`}`);
}

const settings = readSiteSettings(root);

/** Requests of the page to any host but this machine's (the dev server, the stand-in, the local fakes). */
function watchForeignRequests(page) {
  const foreign = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (/^https?:/.test(request.url()) && hostname !== DEV_HOST && hostname !== 'localhost') foreign.push(request.url());
  });
  return foreign;
}

/**
 * Opens a dialog for the first time on a fresh page, waits for its island to hydrate and settle,
 * and fails on a hydration warning or an error of the site's own in the console.
 */
async function firstOpenClean(context, { path, trigger, dialog, island, settled }, page) {
  const tab = page ?? (await context.newPage());
  const seen = watchConsole(tab);
  await tab.goto(`${base}${path}`, { waitUntil: 'domcontentloaded' });
  await tab.locator(`${trigger}:visible`).first().click();
  await tab.locator(`${dialog}[open]`).waitFor();
  await tab.locator(`astro-island[component-url*="/${island}."]:not([ssr])`).waitFor({ state: 'attached' });
  await tab
    .locator(
      settled
        .split(', ')
        .map((part) => `${dialog} ${part}`)
        .join(', '),
    )
    .first()
    .waitFor();
  const hydration = seen.own.filter((line) => /hydrat|did not match|didn't match/i.test(line));
  const errors = seen.own.filter((line) => line.startsWith('error'));
  if (hydration.length || errors.length) throw new Error([...hydration, ...errors].join('\n'));
  const warnings = seen.own.filter((line) => line.startsWith('warning'));
  return `clean (site warnings: ${warnings.length ? warnings.join('; ') : 'none'}; third-party: ${seen.thirdParty.length})`;
}

const checks = {
  async 'lead path: a guide, the local test form, /thank-you/resource'(context) {
    const page = await context.newPage();
    await page.goto(`${base}/guides`);
    await page.locator('[data-get-resource="fit-batty-blueprint"]').click();
    const form = page.frameLocator('dialog[open] iframe');
    await form.getByRole('heading', { name: 'Local test form — not the real lead form' }).waitFor();
    await shoot(page, 'get-resource-dialog');
    await form.getByLabel('Name').fill('Dana Example');
    await form.getByLabel('E-mail').fill('dana@example.com');
    await form.getByRole('button', { name: 'Send me the guide' }).click();
    await page.waitForURL(`${base}/thank-you/resource`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    return `landed on ${new URL(page.url()).pathname}: "${await page.getByRole('heading', { level: 1 }).textContent()}"`;
  },

  async 'first booking open: no hydration warning, no console error of the site'(context) {
    return firstOpenClean(context, {
      path: '/',
      trigger: '[data-open-booking]',
      dialog: '#booking-dialog',
      island: 'BookingModal',
      settled: '[data-booking-fallback], iframe',
    });
  },

  async 'first ‘Get it free’ open at 390 and 1280 px: no hydration warning, no console error of the site'(context) {
    const results = [];
    for (const width of [390, 1280]) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 844 });
      const island = {
        path: '/guides',
        trigger: '[data-get-resource]',
        dialog: '#get-resource-dialog',
        island: 'GetResourceModal',
        settled: '[data-resource-fallback], iframe',
      };
      results.push(`${width} px: ${await firstOpenClean(context, island, page)}`);
      await page.close();
    }
    return results.join('; ');
  },

  async 'booking path: START YOUR JOURNEY, the local test scheduler, /thank-you/call, counted, nothing off this machine'(context) {
    const page = await context.newPage();
    const foreign = watchForeignRequests(page);
    // Settles (with the response, or the error of a page closed first) whatever the steps below do.
    const counted = page.waitForResponse((response) => response.url().endsWith('/track-conversion') && response.request().method() === 'POST').catch((error) => error);
    await page.goto(base, { waitUntil: 'domcontentloaded' });
    await page.locator('[data-open-booking]:visible').first().click();
    const scheduler = page.frameLocator('#booking-dialog iframe');
    await scheduler.getByRole('heading', { name: settings.localTestScheduler.label }).waitFor();
    // Shown once the dialog has both the embed script and the frame, as with the real widget.
    await page.locator('#booking-dialog [data-booking-loading]').waitFor({ state: 'detached' });
    await shoot(page, 'local-test-scheduler');
    await scheduler.getByRole('radio').first().check();
    await scheduler.getByRole('button', { name: settings.localTestScheduler.confirm }).click();
    await page.waitForURL(`${base}/thank-you/call`);
    const response = await counted;
    if (response instanceof Error) throw response;
    if (!response.ok()) throw new Error(`the conversion was not counted: ${response.status()} ${await response.text()}`);
    if (foreign.length) throw new Error(`requests left this machine: ${foreign.join(', ')}`);
    return `landed on /thank-you/call; the conversion counted (${response.status()} from ${new URL(response.url()).pathname}); no request off this machine`;
  },

  async '/admin/anything is the admin page; the debugger answers from the local fake GoHighLevel'(context) {
    const page = await context.newPage();
    await page.goto(`${base}/auth`);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('admin-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Without a next path, sign-in takes an admin to the dashboard.
    await page.waitForURL(`${base}/admin`);
    const response = await page.goto(`${base}/admin/anything`);
    if (response?.status() !== 200) throw new Error(`/admin/anything answered ${response?.status()}`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('tab', { name: 'Calendar & CRM' }).click();
    // Filled in from the server's GHL_LOCATION_ID: the local fake's test location.
    const location = page.getByRole('textbox', { name: 'Location ID' });
    await page.waitForFunction((field) => field?.value === 'loc-demo', await location.elementHandle(), { timeout: 10_000 });
    await page.getByRole('button', { name: 'Run Step: List Calendars' }).click();
    await page.getByTestId('status-list').filter({ hasText: 'Success' }).waitFor();
    const label = await page.getByTestId('ghl-local-fake').textContent();
    return `200 at ${new URL(page.url()).pathname}; Location ID prefilled "loc-demo"; List Calendars: Success; label: "${label}"`;
  },

  // Last: it edits a content file, and the dev server reloads the pages it has open.
  async 'a bad content edit: Astro’s error overlay names the file, the line and the field; fixed, the page is back'(context) {
    const page = await context.newPage();
    const file = 'src/content/testimonials.json';
    const line = (text, needle) => text.split('\n').findIndex((row) => row.includes(needle)) + 1;
    const seen = [];
    const cases = [
      [(text) => text.replace(/"author": "Renee D\."/, '"author": ""'), (broken) => `${file}:${line(broken, '"author": ""')}:5 [2].author: must not be empty`],
      [
        (text) => text.replace('"author": "Renee D.",', '"author": "Renee D."'),
        (broken) => {
          const at = line(broken, '"author": "Renee D."');
          return `${file}:${at}:${broken.split('\n')[at - 1].indexOf('"author": "Renee D."') + '"author": "Renee D.",'.length}: JSON syntax: a comma is missing here`;
        },
      ],
    ];
    for (const [edit, expected] of cases) {
      const restore = breakFile(file, edit);
      try {
        const problem = expected(readFileSync(`${root}${file}`, 'utf8'));
        seen.push((await homeUntil(page, (now) => now.overlay?.includes(problem), `an error overlay saying "${problem}"`)).overlay);
        if (seen.length === 1) await shoot(page, 'content-error-overlay');
      } finally {
        restore();
      }
      // Saved fixed: the page renders, with all its testimonials.
      await homeUntil(page, (now) => now.testimonials === 9, 'its 9 testimonials once the file was fixed');
    }
    return `${seen.map((text) => `"${text.split('\n')[1]}"`).join('; ')}; each fixed: / shows its 9 testimonials`;
  },
};

const started = Date.now();
const dev = spawn(process.execPath, [`${root}tools/dev.mjs`, '--port', values.port], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
const log = [];
for (const stream of [dev.stdout, dev.stderr]) {
  stream.on('data', (chunk) => {
    log.push(String(chunk));
    // Which Supabase the checks run against (this checkout's own stand-in, and where).
    for (const line of String(chunk).split('\n')) if (line.startsWith('supabase:')) console.log(line);
  });
}
let failed = false;
try {
  await serverUp(Date.now() + 180_000);
  console.log(`npm run dev answered on ${base} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    const { reloads, said } = await settled(browser);
    const why = said.length ? `; vite said: ${said.join(' | ')}` : '';
    console.log(`settled after ${((Date.now() - started) / 1000).toFixed(1)} s (${reloads ? `the dev server reloaded the page ${reloads} times` : 'no reload'}${why})`);
    for (const [name, check] of Object.entries(checks).filter(([name]) => !values.only || name.includes(values.only))) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      context.setDefaultTimeout(TIMEOUT);
      const begun = Date.now();
      // Where the check's pages went, and when: a failed check says it (a reload it did not ask for shows here).
      const navigations = [];
      context.on('page', (page) =>
        page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(`${((Date.now() - begun) / 1000).toFixed(1)} s ${frame.url()}`)),
      );
      try {
        const result = await check(context);
        console.log(`ok   ${name} (${((Date.now() - begun) / 1000).toFixed(1)} s): ${result}`);
      } catch (error) {
        failed = true;
        console.log(`FAIL ${name} (${((Date.now() - begun) / 1000).toFixed(1)} s): ${error instanceof Error ? error.message : error}`);
        console.log(`     its pages went to: ${navigations.join(', ')}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
} catch (error) {
  failed = true;
  console.log(`FAIL ${error instanceof Error ? error.message : error}\n${log.join('')}`);
} finally {
  // tools/dev.mjs stops astro and the stand-in it started when it is told to stop.
  if (dev.exitCode === null && dev.signalCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    dev.kill('SIGTERM');
    await exited;
  }
}
// What Vite's dependency optimiser did: a reload of the page for dependencies it met late is what
// makes a check lose its page (astro.config.mjs names the islands' dependencies so it does not).
const optimiser = log
  .join('')
  .split('\n')
  .filter((line) => /optimiz|reloading/i.test(line));
console.log(`vite's dependency optimiser: ${optimiser.length ? optimiser.map((line) => line.trim()).join(' | ') : 'nothing logged'}`);
if (failed) {
  const file = join(tmpdir(), `dev-check-${values.port}.log`);
  writeFileSync(file, log.join(''));
  console.log(`the dev server's output: ${file}`);
}
console.log(`${failed ? 'failed' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exitCode = failed ? 1 : 0;
