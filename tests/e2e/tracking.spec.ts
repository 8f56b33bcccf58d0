/**
 * Conversion tracking end to end: a visitor lands with ad parameters, browses, and reaches a
 * thank-you page. The pixel event (Meta's fbevents.js replaced by a recorder) and the server
 * event carry the same event id and the landing's attribution; a reload sends nothing new.
 */
import { withMetaPixel } from '../../src/integrations/csp';
import { expect, test, type Page, type Request } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'tracking does not depend on the viewport');

const PIXEL_ID = '1234567890';
// Pages rewritten through route.fetch (the pixel id added) count as public for Chromium's local
// network access, so the logo on the loopback stand-in is refused there: the logo falls back.
test.use({ allowedErrors: /`loopback` address space|net::ERR_FAILED/ });

const LANDING = '/?utm_source=instagram&utm_medium=paid&utm_campaign=spring&fbclid=IwAR-Fb_123&gclid=G-456';

interface ServerEvent {
  event_name: string;
  event_id: string;
  event_time: number;
  user_data: { fbc: string | null; client_user_agent: string };
  custom_data: Record<string, string | null>;
}

/** Turns the pixel on by adding its id to every page, and records what the pixel is told. */
async function withRecordedPixel(page: Page) {
  await page.route(
    (url) => url.hostname === '127.0.0.1',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace('<head>', `<head><meta name="meta-pixel-id" content="${PIXEL_ID}">`);
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

const pixelCalls = (page: Page) => page.evaluate(() => (window as unknown as { __pixelCalls?: unknown[][] }).__pixelCalls ?? []) as Promise<unknown[][]>;

/** The backend function (another service in production): answered here, bodies recorded. */
async function recordFunction(page: Page, status = 200) {
  const bodies: ServerEvent[] = [];
  await page.route('**/functions/v1/track-conversion', async (route) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
      'access-control-allow-methods': 'POST, OPTIONS',
    };
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 200, headers: cors, body: 'ok' });
    bodies.push(route.request().postDataJSON() as ServerEvent);
    await route.fulfill({ status, headers: cors, contentType: 'application/json', body: JSON.stringify({ forwarded: false, reason: 'test' }) });
  });
  return bodies;
}

function recordApi(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/track-conversion') requests.push(request);
  });
  return requests;
}

async function landAndBrowse(page: Page) {
  await page.goto(LANDING);
  await page.goto('/guides');
  await expect(page.locator('#free-resources')).toBeVisible();
}

function expectLandingAttribution(event: ServerEvent) {
  expect(event.custom_data).toMatchObject({
    utm_source: 'instagram',
    utm_medium: 'paid',
    utm_campaign: 'spring',
    gclid: 'G-456',
  });
  expect(event.custom_data.landing_page).toContain('fbclid=IwAR-Fb_123');
  expect(event.user_data.fbc).toMatch(/^fb\.1\.\d{13}\.IwAR-Fb_123$/);
  expect(Math.abs(event.event_time - Date.now() / 1000)).toBeLessThan(120);
}

/** The thank-you page has tracked its conversion (sent, skipped or failed). */
const conversionTracked = (page: Page) => page.locator('html[data-conversion-tracked]').waitFor({ state: 'attached' });

const conversionCalls = (calls: unknown[][], name: string) => calls.filter((call) => call[0] === 'track' && call[1] === name);

test('landing keeps the attribution record and sets _fbc', async ({ page, context }) => {
  await page.goto(LANDING);
  await page.goto('/guides?utm_source=newsletter');
  const record = JSON.parse((await page.evaluate(() => sessionStorage.getItem('conversion_tracking_data'))) ?? 'null');
  expect(record).toMatchObject({ utm_source: 'instagram', fbclid: 'IwAR-Fb_123', gclid: 'G-456' });
  expect(record.landing_page).toContain('/?utm_source=instagram');
  const fbc = (await context.cookies()).find((cookie) => cookie.name === '_fbc');
  expect(fbc?.value).toMatch(/^fb\.1\.\d{13}\.IwAR-Fb_123$/);
});

test('/thank-you: pixel Lead and POST /api/track-conversion share one event id; reload sends nothing new', async ({ page }) => {
  await withRecordedPixel(page);
  const api = recordApi(page);
  await landAndBrowse(page);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/track-conversion'));
  await page.goto('/thank-you');
  const response = await answered;
  expect(response.status()).toBe(202); // validated by the real function; no Meta token in tests
  expect(await response.json()).toMatchObject({ forwarded: false });

  expect(api).toHaveLength(1);
  const event = api[0]!.postDataJSON() as ServerEvent;
  expect(event.event_name).toBe('Lead');
  expect(event.custom_data.conversion_type).toBe('lead_form');
  expectLandingAttribution(event);
  await expect.poll(async () => conversionCalls(await pixelCalls(page), 'Lead')).toHaveLength(1);
  const [lead] = conversionCalls(await pixelCalls(page), 'Lead');
  expect(lead![3]).toEqual({ eventID: event.event_id });
  expect(await pixelCalls(page)).toContainEqual(['init', PIXEL_ID]);

  await page.reload();
  await expect.poll(async () => (await pixelCalls(page)).some((call) => call[1] === 'PageView')).toBe(true);
  await conversionTracked(page);
  expect(api).toHaveLength(1);
  expect(conversionCalls(await pixelCalls(page), 'Lead')).toHaveLength(0);
});

test('/thank-you/call: pixel Schedule and the track-conversion function share one event id; the record is cleared', async ({ page }) => {
  await withRecordedPixel(page);
  const bodies = await recordFunction(page);
  await landAndBrowse(page);
  await page.goto('/thank-you/call');
  await expect.poll(() => bodies.length).toBe(1);
  const event = bodies[0]!;
  expect(event).toMatchObject({ event_name: 'Schedule', custom_data: { conversion_type: 'call_scheduling' } });
  expectLandingAttribution(event);
  await expect.poll(async () => conversionCalls(await pixelCalls(page), 'Schedule')).toHaveLength(1);
  expect(conversionCalls(await pixelCalls(page), 'Schedule')[0]![3]).toEqual({ eventID: event.event_id });
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('conversion_tracking_data'))).toBeNull();

  await page.reload();
  await conversionTracked(page);
  expect(bodies).toHaveLength(1);
  expect(conversionCalls(await pixelCalls(page), 'Schedule')).toHaveLength(0);
});

test('/thank-you/resource: pixel CompleteRegistration and a Lead server event with the same id', async ({ page }) => {
  await withRecordedPixel(page);
  const bodies = await recordFunction(page);
  await landAndBrowse(page);
  await page.goto('/thank-you/resource');
  await expect.poll(() => bodies.length).toBe(1);
  const event = bodies[0]!;
  expect(event).toMatchObject({ event_name: 'Lead', custom_data: { conversion_type: 'resource_registration' } });
  expectLandingAttribution(event);
  await expect.poll(async () => conversionCalls(await pixelCalls(page), 'CompleteRegistration')).toHaveLength(1);
  expect(conversionCalls(await pixelCalls(page), 'CompleteRegistration')[0]![3]).toEqual({ eventID: event.event_id });
  // The record stays: only the call page clears it.
  expect(await page.evaluate(() => sessionStorage.getItem('conversion_tracking_data'))).not.toBeNull();

  await page.reload();
  await conversionTracked(page);
  expect(bodies).toHaveLength(1);
});

test.describe(() => {
  test.use({ allowedErrors: /tracking: \S+track-conversion answered 503|status of 503|`loopback` address space|net::ERR_FAILED/ });

  test('a failed server call is only logged, and a reload retries it with the same event id', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const bodies = await recordFunction(page, 503);
    await landAndBrowse(page);
    await page.goto('/thank-you/call');
    await expect.poll(() => bodies.length).toBe(1);
    await expect.poll(() => errors.some((text) => text.includes('track-conversion'))).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call Scheduled!');
    // Not sent, so the record is kept and a reload sends the same conversion again.
    expect(await page.evaluate(() => sessionStorage.getItem('conversion_tracking_data'))).not.toBeNull();
    await page.reload();
    await expect.poll(() => bodies.length).toBe(2);
    expect(bodies[1]!.event_id).toBe(bodies[0]!.event_id);
  });
});

test('without a pixel id the pixel never loads, and the server event is still sent', async ({ page }) => {
  const pixelRequests: string[] = [];
  page.on('request', (request) => request.url().includes('facebook') && pixelRequests.push(request.url()));
  const api = recordApi(page);
  await page.goto('/thank-you');
  await expect.poll(() => api.length).toBe(1);
  await conversionTracked(page);
  expect(pixelRequests).toEqual([]);
  expect(await page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe('undefined');
  expect(await page.locator('meta[name="meta-pixel-id"]').count()).toBe(0);
});
