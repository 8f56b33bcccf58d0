/**
 * What the tracking tests watch: Meta's pixel turned on in a page (its id added, fbevents.js
 * replaced by a recorder), the server events the pages send, and a visit from an ad.
 */
import { withMetaPixel } from '../../src/integrations/csp';
import type { ConsentPolicy } from '../../src/features/consent/consent';
import { expect, type Page, type Request } from './fixtures';

/** Rewritten pages count as public for Chromium's local network access, so the logo on the
 * loopback stand-in is refused there (it falls back): the errors a test with them allows. */
export const REWRITTEN_PAGE_ERRORS = /`loopback` address space|net::ERR_FAILED/;

export const PIXEL_ID = '1234567890';

export const LANDING = '/?utm_source=instagram&utm_medium=paid&utm_campaign=spring&utm_content=reel-2&utm_term=coach&fbclid=IwAR-Fb_123&gclid=G-456';

/** The localStorage key of the visitor's external id (src/features/consent/consent.ts). */
export const EXTERNAL_ID_KEY = 'privacy_external_id';

export interface ServerEvent {
  /** Only on a consented event. */
  ads_consent?: string;
  event_name: string;
  event_id: string;
  event_time: number;
  event_source_url: string;
  /** Only on a consented event. */
  user_data?: { fbc: string | null; client_user_agent: string; external_id: string | null };
  custom_data: Record<string, string | null>;
  /** Only on a consented event from a visit with a Google click. */
  google_click?: { kind: string; id: string; click_time: number } | null;
}

/**
 * Turns the pixel on by adding its id to every page, and records what the pixel is told; `policy`
 * stands in for the consent policy the build has (settings.json → consent.policy).
 */
export async function withRecordedPixel(page: Page, policy?: ConsentPolicy) {
  await page.route(
    (url) => url.hostname === '127.0.0.1',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      let html = (await response.text()).replace('<head>', `<head><meta name="meta-pixel-id" content="${PIXEL_ID}">`);
      if (policy) html = html.replace(/data-consent-policy="[^"]*"/, `data-consent-policy="${policy}"`);
      // The policy a build with a pixel id has.
      const headers = { ...response.headers(), 'content-security-policy': withMetaPixel(response.headers()['content-security-policy'] ?? '') };
      await route.fulfill({ response, body: html, headers });
    },
  );
  // fbevents.js stand-in: take over the queue the base code filled, and record every call.
  await page.route('https://connect.facebook.net/**', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `(() => {
        const calls = (window.__pixelCalls = window.__pixelCalls || []);
        const fbq = window.fbq;
        fbq.callMethod = (...args) => calls.push(JSON.parse(JSON.stringify(args)));
        for (const args of fbq.queue.splice(0)) fbq.callMethod(...args);
      })();`,
    }),
  );
}

export const pixelCalls = (page: Page) => page.evaluate(() => (window as unknown as { __pixelCalls?: unknown[][] }).__pixelCalls ?? []) as Promise<unknown[][]>;

/**
 * The endpoints' answers: 202 `{recorded}` once the event is recorded, 200 `{duplicate}` for an
 * event id already recorded (as the conversions ledger answers), `{error}` otherwise.
 */
export function answerBody(status: number, event: ServerEvent): string {
  if (status === 202) return JSON.stringify({ recorded: true, event_id: event.event_id });
  if (status === 200) return JSON.stringify({ duplicate: true, event_id: event.event_id });
  return JSON.stringify({ error: status >= 500 ? 'the conversion could not be recorded: try again' : 'custom_data.conversion_type: must be one of the known types' });
}

/** The backend function (another service in production): answered here, bodies recorded. */
export async function recordFunction(page: Page, status = 202) {
  const bodies: ServerEvent[] = [];
  await page.route('**/functions/v1/track-conversion', async (route) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
      'access-control-allow-methods': 'POST, OPTIONS',
    };
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 200, headers: cors, body: 'ok' });
    const event = route.request().postDataJSON() as ServerEvent;
    bodies.push(event);
    await route.fulfill({ status, headers: cors, contentType: 'application/json', body: answerBody(status, event) });
  });
  return bodies;
}

/**
 * The site's own endpoint answered here as the conversions ledger answers (202 `{recorded}`), bodies
 * recorded: the endpoint of this branch still refuses events sent without consent.
 */
export async function stubApi(page: Page, status = 202) {
  const bodies: ServerEvent[] = [];
  await page.route(
    (url) => url.pathname === '/api/track-conversion',
    async (route) => {
      const event = route.request().postDataJSON() as ServerEvent;
      bodies.push(event);
      await route.fulfill({ status, contentType: 'application/json', body: answerBody(status, event) });
    },
  );
  return bodies;
}

export function recordApi(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/track-conversion') requests.push(request);
  });
  return requests;
}

export async function landAndBrowse(page: Page) {
  await page.goto(LANDING);
  await page.goto('/guides');
  await expect(page.locator('#free-resources')).toBeVisible();
}

const LANDING_TAGS = { utm_source: 'instagram', utm_medium: 'paid', utm_campaign: 'spring', utm_content: 'reel-2', utm_term: 'coach' };

/** A consented event: the landing's tags, click ids and landing page, with the visitor's external id. */
export function expectLandingAttribution(event: ServerEvent) {
  expect(event.ads_consent).toBe('granted');
  expect(event.custom_data).toMatchObject(LANDING_TAGS);
  expect(event.custom_data).not.toHaveProperty('gclid');
  expect(event.custom_data.landing_page).toContain('fbclid=IwAR-Fb_123');
  expect(event.google_click).toMatchObject({ kind: 'gclid', id: 'G-456' });
  // The landing's time: before the conversion, within the test.
  expect(event.event_time - event.google_click!.click_time).toBeGreaterThanOrEqual(0);
  expect(event.event_time - event.google_click!.click_time).toBeLessThan(120);
  expect(event.user_data?.fbc).toMatch(/^fb\.1\.\d{13}\.IwAR-Fb_123$/);
  expect(event.user_data?.external_id).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
  expect(Math.abs(event.event_time - Date.now() / 1000)).toBeLessThan(120);
}

/**
 * A conversion counted without consent: name, id, time, the page's origin and path, its type and
 * the landing's campaign tags; nothing else (no user data, click ids, referrer or landing page).
 */
export function expectCountOnly(event: ServerEvent, path: string, conversionType: string) {
  expect(event).toEqual({
    event_name: expect.any(String),
    event_id: expect.any(String),
    event_time: expect.any(Number),
    action_source: 'website',
    event_source_url: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${path}$`)),
    custom_data: { conversion_type: conversionType, ...LANDING_TAGS },
  });
}

/** The external id the pixel was initialised with (its `init` call), if any. */
export const pixelExternalIds = (calls: unknown[][]) =>
  calls.filter((call) => call[0] === 'init').map((call) => (call[2] as { external_id?: string } | undefined)?.external_id);

export const storedExternalId = (page: Page) => page.evaluate((key) => localStorage.getItem(key), EXTERNAL_ID_KEY);

/** The thank-you page has tracked its conversion (sent, skipped or failed). */
export const conversionTracked = (page: Page) => page.locator('html[data-conversion-tracked]').waitFor({ state: 'attached' });

export const conversionCalls = (calls: unknown[][], name: string) => calls.filter((call) => call[0] === 'track' && call[1] === name);

/**
 * Every request the page had already started has been seen by the test: the browser sends
 * requests in the order they are made, so one made now (to the health endpoint) comes after them.
 */
export async function requestsSettled(page: Page): Promise<void> {
  const health = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/health');
  await page.evaluate(() => fetch('/api/health').then((response) => response.arrayBuffer()));
  await health;
}
