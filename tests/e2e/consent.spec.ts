/**
 * Ads measurement only with consent, on the three thank-you pages: with Global Privacy Control,
 * and under the opt-in policy before the visitor agrees, the pixel sends nothing, no `_fbc` cookie
 * or external id is kept, and the server only counts the conversion (a minimal body, nothing that
 * identifies the visitor); agreeing sends exactly this page's conversion with consent (pixel and
 * server, one event id and one external id); declining later stops it again and deletes the id.
 * The panel itself: asked once, reachable by keyboard, axe-clean, moving nothing.
 */
import { CONVERSIONS, type ConversionKind } from '../../src/features/tracking/conversion';
import { expectNoAxeViolations } from './axe';
import { expect, test, type BrowserContext, type Page } from './fixtures';
import { pageScriptsReady } from './helpers';
import {
  conversionCalls,
  conversionTracked,
  expectCountOnly,
  LANDING,
  pixelCalls,
  pixelExternalIds,
  recordFunction,
  requestsSettled,
  REWRITTEN_PAGE_ERRORS,
  storedExternalId,
  stubApi,
  withRecordedPixel,
  type ServerEvent,
} from './tracking-helpers';

test.use({ privacyChoice: null, allowedErrors: REWRITTEN_PAGE_ERRORS });

const PAGES: { kind: ConversionKind; path: string }[] = [
  { kind: 'lead', path: '/thank-you' },
  { kind: 'call', path: '/thank-you/call' },
  { kind: 'resource', path: '/thank-you/resource' },
];

/**
 * Every server event the page sends, wherever it goes (the site's endpoint or the backend
 * function), each answered as the conversions ledger answers (202 `{recorded}`).
 */
async function recordServerEvents(page: Page) {
  const apiBodies = await stubApi(page);
  const functionBodies = await recordFunction(page);
  return (): ServerEvent[] => [...apiBodies, ...functionBodies];
}

const fbcCookies = async (context: BrowserContext) => (await context.cookies()).filter((cookie) => cookie.name === '_fbc' || cookie.name === '_fbp');
const trackCalls = async (page: Page) => (await pixelCalls(page)).filter((call) => call[0] === 'track');
const panel = (page: Page) => page.getByRole('region', { name: 'Your privacy choices' });

/** A visit from an ad that ends on `path`, then waits until the page has done its tracking part. */
async function visitFromAd(page: Page, path: string) {
  await page.goto(LANDING);
  await pageScriptsReady(page);
  await page.goto(path);
  await conversionTracked(page);
  await pageScriptsReady(page);
}

/** Nothing reached Meta, no Meta cookie or external id is kept, and the server only counted this conversion. */
async function expectCountedOnly(page: Page, context: BrowserContext, serverEvents: () => ServerEvent[], kind: ConversionKind) {
  await requestsSettled(page);
  expect(await trackCalls(page), 'pixel track calls').toEqual([]);
  expect(await page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq), 'the pixel').toBe('undefined');
  expect(await fbcCookies(context), "Meta's cookies").toEqual([]);
  expect(await storedExternalId(page), 'the external id').toBeNull();
  expect(serverEvents(), 'server conversion requests').toHaveLength(1);
  expectCountOnly(serverEvents()[0]!, PAGES.find((entry) => entry.kind === kind)!.path, CONVERSIONS[kind].conversionType);
}

test.describe('with Global Privacy Control', () => {
  test.use({ extraHTTPHeaders: { 'Sec-GPC': '1' } });
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }));
  });

  for (const policy of ['opt-in', 'opt-out'] as const) {
    for (const { kind, path } of PAGES) {
      test(`${policy}, ${path}: no pixel, no _fbc, no external id, only the count, and no question asked`, async ({ page, context }) => {
        await withRecordedPixel(page, policy);
        const serverEvents = await recordServerEvents(page);
        await visitFromAd(page, path);
        await expectCountedOnly(page, context, serverEvents, kind);
        await expect(panel(page)).toBeHidden();
      });
    }
  }

  test('an external id kept from before is deleted', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('privacy_external_id', 'kept-from-before'));
    await page.goto('/guides');
    await pageScriptsReady(page);
    await expect.poll(() => storedExternalId(page)).toBeNull();
  });

  test('the privacy choices panel says why measurement is off, and offers no way round it', async ({ page }) => {
    await page.goto('/');
    await pageScriptsReady(page);
    await page.getByRole('link', { name: 'Privacy choices', exact: true }).click();
    await expect(panel(page)).toContainText('Global Privacy Control');
    await expect(panel(page).getByRole('button', { name: 'Accept' })).toBeHidden();
    await panel(page).getByRole('button', { name: 'Close' }).click();
    await expect(panel(page)).toBeHidden();
  });
});

test.describe('opt-in policy (the build’s setting)', () => {
  for (const { kind, path } of PAGES) {
    test(`${path}: only the count before the visitor agrees; agreeing sends this conversion with consent, pixel and server with one event id and one external id; declining stops it`, async ({
      page,
      context,
    }) => {
      await withRecordedPixel(page);
      const serverEvents = await recordServerEvents(page);
      await visitFromAd(page, path);
      await expect(panel(page)).toBeVisible();
      await expectCountedOnly(page, context, serverEvents, kind);
      const [count] = serverEvents();

      await panel(page).getByRole('button', { name: 'Accept' }).click();
      await expect(panel(page)).toBeHidden();
      const spec = CONVERSIONS[kind];
      await expect.poll(() => serverEvents().length).toBe(2);
      const event = serverEvents()[1]!;
      // The same conversion, now with consent: the server upgrades its count.
      expect(event).toMatchObject({
        ads_consent: 'granted',
        event_id: count!.event_id,
        event_name: spec.eventName,
        custom_data: { conversion_type: spec.conversionType },
      });
      expect(event.user_data?.fbc).toMatch(/^fb\.1\.\d{13}\.IwAR-Fb_123$/);
      await expect.poll(async () => conversionCalls(await pixelCalls(page), spec.pixelEvent)).toHaveLength(1);
      expect(conversionCalls(await pixelCalls(page), spec.pixelEvent)[0]![3]).toEqual({ eventID: event.event_id });
      // Exactly this page's events: the page view and the conversion, after consent and init.
      expect((await pixelCalls(page)).map((call) => call.slice(0, 2))).toEqual([
        ['consent', 'grant'],
        ['init', expect.any(String)],
        ['track', 'PageView'],
        ['track', spec.pixelEvent],
      ]);
      // One external id, kept in this browser: the pixel's init and the server event carry it.
      const externalId = await storedExternalId(page);
      expect(externalId).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
      expect(pixelExternalIds(await pixelCalls(page))).toEqual([externalId]);
      expect(event.user_data?.external_id).toBe(externalId);
      expect((await fbcCookies(context)).map((cookie) => cookie.name)).toContain('_fbc');

      // Declining later: the pixel is told, Meta's cookies and the external id go, and the next
      // conversion is only counted.
      await page.getByRole('link', { name: 'Privacy choices', exact: true }).click();
      await expect(panel(page)).toContainText('Ads measurement is on');
      await panel(page).getByRole('button', { name: 'Decline' }).click();
      expect((await pixelCalls(page)).at(-1)).toEqual(['consent', 'revoke']);
      expect(await fbcCookies(context)).toEqual([]);
      expect(await storedExternalId(page)).toBeNull();
      await page.goto(LANDING);
      await page.goto(path);
      await conversionTracked(page);
      await pageScriptsReady(page);
      await requestsSettled(page);
      expect(serverEvents()).toHaveLength(3);
      expectCountOnly(serverEvents()[2]!, path, spec.conversionType);
      expect(serverEvents()[2]!.event_id).not.toBe(event.event_id);
      expect(await trackCalls(page)).toEqual([]);
      expect(await fbcCookies(context)).toEqual([]);
      expect(await storedExternalId(page)).toBeNull();
      await expect(panel(page)).toBeHidden();
    });
  }

  test('agreeing again after declining makes a new external id', async ({ page }) => {
    await withRecordedPixel(page);
    const serverEvents = await recordServerEvents(page);
    await page.goto('/guides');
    await panel(page).getByRole('button', { name: 'Accept' }).click();
    const first = await storedExternalId(page);
    expect(first).not.toBeNull();
    await page.getByRole('link', { name: 'Privacy choices', exact: true }).click();
    await panel(page).getByRole('button', { name: 'Decline' }).click();
    expect(await storedExternalId(page)).toBeNull();
    await page.getByRole('link', { name: 'Privacy choices', exact: true }).click();
    await panel(page).getByRole('button', { name: 'Accept' }).click();
    const second = await storedExternalId(page);
    expect(second).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    expect(second).not.toBe(first);
    await page.goto('/thank-you');
    await conversionTracked(page);
    await expect.poll(() => serverEvents().length).toBe(1);
    expect(serverEvents()[0]!.user_data?.external_id).toBe(second);
    await expect.poll(async () => pixelExternalIds(await pixelCalls(page))).toEqual([second]);
  });

  test('declining at once: the conversion is only counted, and the question is not asked again', async ({ page, context }) => {
    await withRecordedPixel(page);
    const serverEvents = await recordServerEvents(page);
    await page.goto(LANDING);
    await panel(page).getByRole('button', { name: 'Decline' }).click();
    await page.goto('/thank-you/call');
    await conversionTracked(page);
    await expectCountedOnly(page, context, serverEvents, 'call');
    await expect(panel(page)).toBeHidden();
  });
});

test.describe('opt-out policy', () => {
  test('measurement is on without a question; declining from the footer stops it', async ({ page, context }) => {
    await withRecordedPixel(page, 'opt-out');
    const serverEvents = await recordServerEvents(page);
    await visitFromAd(page, '/thank-you');
    await expect(panel(page)).toBeHidden();
    await expect.poll(() => serverEvents().length).toBe(1);
    expect(serverEvents()[0]).toMatchObject({ ads_consent: 'granted', user_data: { external_id: await storedExternalId(page) } });
    await expect.poll(async () => conversionCalls(await pixelCalls(page), 'Lead')).toHaveLength(1);

    await page.getByRole('link', { name: 'Privacy choices', exact: true }).click();
    await panel(page).getByRole('button', { name: 'Decline' }).click();
    expect(await fbcCookies(context)).toEqual([]);
    expect(await storedExternalId(page)).toBeNull();
    await page.goto('/thank-you/resource');
    await conversionTracked(page);
    await pageScriptsReady(page);
    await requestsSettled(page);
    expect(serverEvents()).toHaveLength(2);
    expectCountOnly(serverEvents()[1]!, '/thank-you/resource', 'resource_registration');
    expect(await trackCalls(page)).toEqual([]);
  });
});

test.describe('the panel', () => {
  test('asks on the first page only, moves nothing, and passes axe', { tag: '@mobile' }, async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __shifts: number }).__shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) (window as unknown as { __shifts: number }).__shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await expect(panel(page)).toBeVisible();
    await pageScriptsReady(page);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts), 'layout shift').toBe(0);
    await expectNoAxeViolations(page, '#privacy-choices');
    await page.goto('/guides');
    await expect(panel(page)).toBeVisible();
    await panel(page).getByRole('button', { name: 'Decline' }).click();
    await page.goto('/privacy');
    await pageScriptsReady(page);
    await expect(panel(page)).toBeHidden();
  });

  for (const path of ['/', '/guides', '/in-development']) {
    test(`${path}: the first screen's buttons stay in view and take the tap while the panel asks`, { tag: '@mobile' }, async ({ page }) => {
      await page.goto(path);
      await expect(panel(page)).toBeVisible();
      await pageScriptsReady(page);
      const buttons = page.locator('main section').first().locator('a.btn, button.btn');
      expect(await buttons.count()).toBeGreaterThanOrEqual(2);
      for (const button of await buttons.all()) {
        await expect(button).toBeInViewport({ ratio: 1 });
        const onTop = await button.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return top !== null && (top === element || element.contains(top));
        });
        expect(onTop, `${await button.innerText()} is what a tap at its centre reaches`).toBe(true);
      }
      // One or two lines of text, however wide the screen.
      const lines = await panel(page)
        .locator('p')
        .first()
        .evaluate((text) => {
          const block = text.parentElement!;
          return Math.round(block.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(block).lineHeight));
        });
      expect(lines).toBeLessThanOrEqual(2);
    });
  }

  test('pages that measure no ads do not ask; their footer link still opens the panel', async ({ page }) => {
    for (const path of ['/auth', '/admin']) {
      await page.goto(path);
      await pageScriptsReady(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(panel(page)).toBeHidden();
    }
    await page.getByRole('link', { name: 'Privacy choices', exact: true }).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Accept' })).toBeVisible();
  });

  test('keyboard: reached right after the skip link; opened from the footer it takes focus, Escape gives it back', async ({ page }) => {
    await page.goto('/privacy');
    await expect(panel(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel(page).getByRole('link', { name: 'Privacy policy' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel(page).getByRole('button', { name: 'Accept' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel(page).getByRole('button', { name: 'Decline' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel(page)).toBeHidden();

    const footerLink = page.getByRole('link', { name: 'Privacy choices', exact: true });
    await footerLink.focus();
    await page.keyboard.press('Enter');
    await expect(panel(page)).toBeFocused();
    await expect(panel(page)).toContainText('Ads measurement is off');
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(footerLink).toBeFocused();

    // The privacy policy's own button opens the same panel.
    await page.getByRole('link', { name: 'Open privacy choices' }).click();
    await expect(panel(page)).toBeVisible();
    await expectNoAxeViolations(page, '#privacy-choices');
  });
});
