/**
 * Shared helpers for the home page's behaviour tests: stand-ins for the storage videos and the
 * scheduling host, which the tests never reach for real.
 */
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { LOCAL_SUPABASE_URL } from '../../src/lib/local-supabase';

/** A 2-second 128×72 VP8 test pattern (ffmpeg -f lavfi -i testsrc=size=128x72:rate=10:duration=2 -c:v libvpx). */
export const TINY_VIDEO = readFileSync(new URL('../fixtures/tiny.webm', import.meta.url));

/** The Supabase the build talks to: the local stand-in unless the build was pointed elsewhere. */
export const SUPABASE_URL = process.env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL;

export const VIDEO_GLOB = '**/storage/v1/object/public/videos/**/*.mp4';

/** Serves the tiny video for every storage video (CORS open, as Supabase storage answers). */
export async function serveVideos(page: Page, seen: string[] = []): Promise<string[]> {
  await page.route(VIDEO_GLOB, (route: Route) => {
    seen.push(route.request().url());
    return route.fulfill({
      status: 200,
      body: TINY_VIDEO,
      headers: { 'content-type': 'video/webm', 'access-control-allow-origin': '*', 'accept-ranges': 'none' },
    });
  });
  return seen;
}

export const EMBED_SCRIPT = 'https://link.msgsndr.com/js/form_embed.js';
export const WIDGET_GLOB = 'https://api.leadconnectorhq.com/widget/booking/**';

/** A booking widget page that, like the real one, posts the array form when a call is booked. */
export const BOOKED_WIDGET = `<!doctype html><html lang="en"><title>Calendar</title><body><p>Pick a time</p>
<script>setTimeout(() => parent.postMessage(["msgsndr-booking-complete", {"calendarId":"cal_123","appointmentId":"apt_9"}], "*"), 300);</script>`;

export const IDLE_WIDGET = `<!doctype html><html lang="en"><title>Calendar</title><body><p>Pick a time</p>`;

/** Makes the scheduling host answer: the embed script and the widget page. */
export async function serveBookingHost(page: Page, widgetHtml = IDLE_WIDGET): Promise<{ script: number; widget: number }> {
  const counts = { script: 0, widget: 0 };
  await page.route(EMBED_SCRIPT, (route) => {
    counts.script += 1;
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__formEmbedLoaded = true;' });
  });
  await page.route(WIDGET_GLOB, (route) => {
    counts.widget += 1;
    return route.fulfill({ status: 200, contentType: 'text/html', body: widgetHtml });
  });
  return counts;
}

/** The scheduling host is unreachable (offline, blocked). */
export async function blockBookingHost(page: Page): Promise<void> {
  await page.route(EMBED_SCRIPT, (route) => route.abort('internetdisconnected'));
  await page.route(WIDGET_GLOB, (route) => route.abort('internetdisconnected'));
}

/** The island of a component, by its file name (e.g. 'BookingModal'). */
export const island = (page: Page, component: string) => page.locator(`astro-island[component-url*="/${component}."]`);

/** Resolves once the island has hydrated (Astro removes its `ssr` attribute). */
export async function hydrated(page: Page, component: string): Promise<void> {
  await island(page, component).and(page.locator(':not([ssr])')).waitFor({ state: 'attached' });
}

/**
 * Brings the carousel on screen and presses a row, its first use: the island hydrates and embla
 * takes both rows over (before that the page script moves them, without React).
 */
/** The supplements screener's button in view, with the visitor's intent on it (focus): its island hydrates. */
export async function screenerReady(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Find your supplements' });
  await button.scrollIntoViewIfNeeded();
  await button.focus();
  await hydrated(page, 'ScreenerModal');
}

export async function carouselInUse(page: Page): Promise<void> {
  const row = page.locator('[data-carousel-row="transformations"]');
  await row.scrollIntoViewIfNeeded();
  await page.locator('[data-carousel][data-ready="true"]').waitFor({ state: 'attached' });
  await row.click();
  await hydrated(page, 'TestimonialsCarousel');
  await page.locator('[data-carousel-row="testimonials"][data-engine="embla"]').waitFor({ state: 'attached' });
}

/**
 * Installs Playwright's fake clock and pauses it before the page loads: no timer fires until
 * the test moves time on with `page.clock.runFor()`. (Installed but not paused, the fake clock
 * follows real time, which makes timing tests depend on how fast the machine is.)
 */
const pausedPages = new WeakSet<Page>();

export async function pausedClock(page: Page): Promise<void> {
  pausedPages.add(page);
  const start = new Date('2030-01-07T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

/**
 * Resolves once the page's own scripts have run: their click listeners when the document is
 * parsed (the page script is last in the body, so before DOMContentLoaded), the rest once the
 * first frame is drawn (`afterFirstPaint`, which sets `data-enhanced` on <html>). On a paused
 * clock, time is moved on by a few frames first.
 */
export async function pageScriptsReady(page: Page): Promise<void> {
  if (pausedPages.has(page)) await page.clock.runFor(50);
  await page.locator('html[data-enhanced]').waitFor({ state: 'attached' });
}

/**
 * Resolves once `locator` is attached. On a paused clock, time moves on a frame at a time
 * meanwhile, for work the page schedules on animation frames (the carousel's start: about a dozen
 * frames, each followed by a task), checked every 50 ms rather than at the poll's widening
 * intervals, which made those dozen frames take 9–10 s of the 10 s allowed.
 */
export async function attachedAfterFrames(page: Page, locator: Locator): Promise<void> {
  if (!pausedPages.has(page)) return locator.waitFor({ state: 'attached' });
  await expect
    .poll(
      async () => {
        if ((await locator.count()) > 0) return true;
        await page.clock.runFor(16);
        return false;
      },
      { intervals: [50] },
    )
    .toBe(true);
}

/** Resolves after two animation frames: scroll handlers and intersection observers have run. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
