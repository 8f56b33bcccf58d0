/**
 * Conversion tracking end to end: a visitor lands with ad parameters, browses, and reaches a
 * thank-you page. The pixel event (Meta's fbevents.js replaced by a recorder) and the server
 * event carry the same event id and the landing's attribution; a reload sends nothing new.
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
  recordApi,
  recordFunction,
  REWRITTEN_PAGE_ERRORS,
  withRecordedPixel,
  type ServerEvent,
} from './tracking-helpers';

test.skip(({ isMobile }) => isMobile, 'tracking does not depend on the viewport');

test.use({ allowedErrors: REWRITTEN_PAGE_ERRORS });

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
