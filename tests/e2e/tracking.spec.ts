/**
 * Conversion tracking end to end, with consent (the fixture's visitor has agreed): a visitor lands
 * with ad parameters, browses, and reaches a thank-you page. The pixel event (Meta's fbevents.js
 * replaced by a recorder) and the server event carry the same event id, the pixel's `init` and the
 * server event the same external id, and the server event the landing's attribution; a reload
 * sends nothing new. A failing server is tried again; a refusal is not. (Without consent:
 * consent.spec.ts.)
 */
import { expect, test } from './fixtures';
import {
  conversionCalls,
  conversionTracked,
  expectLandingAttribution,
  landAndBrowse,
  LANDING,
  PIXEL_ID,
  pixelCalls,
  pixelExternalIds,
  recordApi,
  recordFunction,
  requestsSettled,
  REWRITTEN_PAGE_ERRORS,
  storedExternalId,
  stubApi,
  withRecordedPixel,
  type ServerEvent,
} from './tracking-helpers';

test.skip(({ isMobile }) => isMobile, 'tracking does not depend on the viewport');

test.use({ allowedErrors: REWRITTEN_PAGE_ERRORS });

test('landing keeps the attribution record and sets _fbc', async ({ page, context }) => {
  await page.goto(LANDING);
  await page.goto('/guides?utm_source=newsletter');
  const record = JSON.parse((await page.evaluate(() => sessionStorage.getItem('conversion_tracking_data'))) ?? 'null');
  expect(record).toMatchObject({ utm_source: 'instagram', utm_content: 'reel-2', utm_term: 'coach', fbclid: 'IwAR-Fb_123', gclid: 'G-456' });
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
  // Validated and accepted by the real endpoint (no Meta token in tests).
  expect(response.status()).toBe(202);

  expect(api).toHaveLength(1);
  const event = api[0]!.postDataJSON() as ServerEvent;
  expect(event.event_name).toBe('Lead');
  expect(event.custom_data.conversion_type).toBe('lead_form');
  expectLandingAttribution(event);
  await expect.poll(async () => conversionCalls(await pixelCalls(page), 'Lead')).toHaveLength(1);
  const [lead] = conversionCalls(await pixelCalls(page), 'Lead');
  expect(lead![3]).toEqual({ eventID: event.event_id });
  // One external id: kept in this browser, given to the pixel's init and to the server event.
  const externalId = await storedExternalId(page);
  expect(await pixelCalls(page)).toContainEqual(['init', PIXEL_ID, { external_id: externalId }]);
  expect(event.user_data?.external_id).toBe(externalId);

  await page.reload();
  await expect.poll(async () => (await pixelCalls(page)).some((call) => call[1] === 'PageView')).toBe(true);
  await conversionTracked(page);
  expect(api).toHaveLength(1);
  expect(conversionCalls(await pixelCalls(page), 'Lead')).toHaveLength(0);
  expect(pixelExternalIds(await pixelCalls(page)), 'the same id on the next page').toEqual([externalId]);
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
  expect(pixelExternalIds(await pixelCalls(page))).toEqual([event.user_data?.external_id]);
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

test.describe('a server that fails', () => {
  test.use({ allowedErrors: /status of 503|not sent after 4 attempts|`loopback` address space|net::ERR_FAILED/ });

  test('is tried again after 1, 3 and 9 s with the same event id, then the failure is logged', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const bodies = await recordFunction(page, 503);
    await page.clock.install();
    await landAndBrowse(page);
    await page.goto('/thank-you/call');
    await conversionTracked(page);
    await expect.poll(() => bodies.length).toBe(1);
    // Each poll moves the page's clock on by 3 s: the three retries come, and no more.
    await expect
      .poll(async () => {
        await page.clock.runFor(3000);
        return errors.some((text) => text.includes('not sent after 4 attempts'));
      })
      .toBe(true);
    expect(bodies).toHaveLength(4);
    expect(new Set(bodies.map((body) => body.event_id)).size).toBe(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call Scheduled!');
    // Not sent, so the record is kept for a reload to send the conversion again.
    expect(await page.evaluate(() => sessionStorage.getItem('conversion_tracking_data'))).not.toBeNull();
  });

  // Without the fake clock: it hides the navigation entry that tells a reload from a new visit.
  test('a reload sends what was not sent, with the same event id', async ({ page }) => {
    const bodies = await recordFunction(page, 503);
    await landAndBrowse(page);
    await page.goto('/thank-you/call');
    await conversionTracked(page);
    const sentBefore = bodies.length;
    expect(sentBefore).toBeGreaterThan(0);
    await page.reload();
    await conversionTracked(page);
    expect(bodies.length).toBeGreaterThan(sentBefore);
    expect(new Set(bodies.map((body) => body.event_id)).size).toBe(1);
  });
});

test.describe('a server that refuses', () => {
  test.use({ allowedErrors: /answered 400: custom_data\.conversion_type|status of 400|`loopback` address space|net::ERR_FAILED/ });

  test('a 4xx is logged with its reason and not tried again', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const bodies = await stubApi(page, 400);
    await page.clock.install();
    await page.goto('/thank-you');
    await conversionTracked(page);
    expect(bodies).toHaveLength(1);
    await expect.poll(() => errors).toContainEqual(expect.stringContaining('tracking: /api/track-conversion answered 400: custom_data.conversion_type: must be one of'));
    await page.clock.runFor(15_000);
    await requestsSettled(page);
    expect(bodies).toHaveLength(1);
  });
});

test('a duplicate answer (200) counts as sent: a reload sends nothing', async ({ page }) => {
  const bodies = await stubApi(page, 200);
  await page.goto('/thank-you');
  await conversionTracked(page);
  expect(bodies).toHaveLength(1);
  await page.reload();
  await conversionTracked(page);
  await requestsSettled(page);
  expect(bodies).toHaveLength(1);
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
