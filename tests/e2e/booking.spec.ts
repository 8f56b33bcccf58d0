/**
 * The booking (conversion) modal on every public page: opens at once from any 'START YOUR
 * JOURNEY' (even before its island hydrates), loads the scheduling embed only when first
 * opened, shows a fallback when the scheduling host is unreachable, and on a booking message
 * from that host fires `booking:complete` and goes to /thank-you/call.
 */
import { expect, test, type Page } from './fixtures';
import { BOOKED_WIDGET, EMBED_SCRIPT, WIDGET_GLOB, blockBookingHost, hydrated, island, pageScriptsReady, pausedClock, serveBookingHost } from './helpers';

const DIALOG_NAME = 'Book your free consultation call';

/** The visible 'START YOUR JOURNEY' of the page (header on desktop, hero/page button on mobile). */
async function journeyButton(page: Page) {
  const all = page.locator('[data-open-booking]:visible');
  await expect(all.first()).toBeVisible();
  return all.first();
}

test.describe('booking modal', () => {
  test('opens from START YOUR JOURNEY, is named, takes focus, and closes with Escape back to the button', async ({ page }) => {
    await blockBookingHost(page);
    await page.goto('/');
    const button = await journeyButton(page);
    await button.click();
    const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-describedby', 'booking-description');
    await expect.poll(() => page.evaluate(() => document.getElementById('booking-dialog')?.contains(document.activeElement))).toBe(true);
    // The background is inert (native modal dialog).
    expect(await page.evaluate(() => document.querySelector<HTMLDialogElement>('#booking-dialog')?.matches(':modal'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('works with the keyboard alone: open, Tab stays inside, close button, focus returns', async ({ page }) => {
    await blockBookingHost(page);
    await page.goto('/in-development');
    const button = page.locator('main [data-open-booking]');
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(dialog.getByRole('link', { name: /E-mail Kayla/ })).toBeVisible();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('#booking-dialog') || document.activeElement === document.body)).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    // Opens again.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
  });

  test('a click before the island has hydrated is not lost', async ({ page }) => {
    await blockBookingHost(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/BookingModal.*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await (await journeyButton(page)).click();
    const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Loading the calendar…')).toBeVisible();
    await expect(island(page, 'BookingModal')).toHaveAttribute('ssr', '');
    release();
    await hydrated(page, 'BookingModal');
    // The island picked the request up from the store and tried the widget: here it is offline.
    await expect(dialog.getByText('The calendar could not load')).toBeVisible();
  });

  test('loads the embed script and the widget only when first opened, and only once', async ({ page }) => {
    const counts = await serveBookingHost(page);
    await page.goto('/');
    await pageScriptsReady(page);
    expect(counts).toEqual({ script: 0, widget: 0 });
    await expect(page.locator('#booking-dialog iframe')).toHaveCount(0);
    await (await journeyButton(page)).click();
    const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
    const frame = dialog.locator('iframe[title="Booking calendar for a free consultation call"]');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', 'https://api.leadconnectorhq.com/widget/booking/kayla-consultation-call');
    await expect(dialog.getByText('Loading the calendar…')).toBeHidden();
    expect(counts).toEqual({ script: 1, widget: 1 });
    await page.keyboard.press('Escape');
    await (await journeyButton(page)).click();
    await expect(frame).toBeVisible();
    expect(counts).toEqual({ script: 1, widget: 1 });
    expect(await page.locator('script[src="https://link.msgsndr.com/js/form_embed.js"]').count()).toBe(1);
  });

  test('offline, it shows the coach’s e-mail instead of a blank box, and can retry', async ({ page }) => {
    await blockBookingHost(page);
    await page.goto('/');
    await (await journeyButton(page)).click();
    const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
    const fallback = dialog.locator('[data-booking-fallback]');
    await expect(fallback).toBeVisible();
    await expect(fallback.getByRole('link', { name: /hello@kaylareyes\.coach/ })).toHaveAttribute('href', /^mailto:hello@kaylareyes\.coach/);
    await expect(dialog.locator('iframe')).toHaveCount(0);
    // The host is back: "Try again" loads the widget.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await serveBookingHost(page);
    await fallback.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.locator('iframe')).toBeVisible();
    await expect(fallback).toBeHidden();
  });

  test('the first open logs nothing: the dialog opened before hydration is outside React', async ({ page }) => {
    // React's production build compares no attributes; tests/unit/dialog-hydration.test.ts runs
    // the development build over the same markup, and `npm run check:dev` the dev server.
    const logged: string[] = [];
    page.on(
      'console',
      (message) => ['error', 'warning'].includes(message.type()) && /hydrat|did not match|didn't match/i.test(message.text()) && logged.push(message.text()),
    );
    await serveBookingHost(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await (await journeyButton(page)).click();
    const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
    await expect(dialog).toBeVisible();
    await hydrated(page, 'BookingModal');
    await expect(dialog.locator('iframe')).toBeVisible();
    await expect(page.locator('#booking-dialog')).toHaveAttribute('open', '');
    expect(await page.evaluate(() => document.querySelector('astro-island[component-url*="/BookingModal."]')?.closest('dialog')?.id)).toBe('booking-dialog');
    expect(logged).toEqual([]);
  });

  test('a widget that never loads gives way to the e-mail after the wait (the opt-in dialog’s rule)', async ({ page }) => {
    await pausedClock(page);
    await page.route(EMBED_SCRIPT, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.route(WIDGET_GLOB, () => new Promise<void>(() => undefined));
    await page.goto('/');
    await pageScriptsReady(page);
    await (await journeyButton(page)).click();
    const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
    await hydrated(page, 'BookingModal');
    await expect(dialog.locator('iframe')).toBeAttached();
    await page.clock.runFor(2_900);
    await expect(dialog.locator('[data-booking-fallback]')).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(dialog.locator('[data-booking-fallback]')).toBeVisible();
    await expect(dialog.locator('iframe')).toBeHidden();
  });

  test('a booking message from the scheduling host fires booking:complete and goes to /thank-you/call', async ({ page }) => {
    await page.addInitScript(() => {
      window.addEventListener('booking:complete', (event) => {
        sessionStorage.setItem('test:booking-complete', JSON.stringify((event as CustomEvent).detail));
      });
    });
    await serveBookingHost(page, BOOKED_WIDGET);
    await page.goto('/');
    await (await journeyButton(page)).click();
    await page.waitForURL('**/thank-you/call');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call Scheduled!');
    const detail = JSON.parse((await page.evaluate(() => sessionStorage.getItem('test:booking-complete'))) ?? 'null');
    expect(detail).toMatchObject({ kind: 'msgsndr-booking-complete', detail: { calendarId: 'cal_123', appointmentId: 'apt_9' } });
  });

  test('messages from any other origin are ignored', async ({ page }) => {
    await serveBookingHost(page);
    await page.goto('/');
    await (await journeyButton(page)).click();
    await expect(page.locator('#booking-dialog iframe')).toBeVisible();
    const completed = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          let completed = false;
          window.addEventListener('booking:complete', () => (completed = true));
          // Messages from one window arrive in order: once the last one is here, the modal has
          // seen the two before it.
          window.addEventListener('message', (event) => event.data === 'test:last' && resolve(completed));
          window.postMessage('booking_success', '*');
          window.postMessage(['msgsndr-booking-complete', { calendarId: 'x' }], '*');
          window.postMessage('test:last', '*');
        }),
    );
    expect(completed).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('shows an optional goal given by the button', async ({ page }) => {
    await blockBookingHost(page);
    await page.goto('/');
    await page.evaluate(() =>
      document.body.insertAdjacentHTML('beforeend', '<button type="button" data-open-booking data-booking-goal="Build strength" id="goal-trigger">Go</button>'),
    );
    await page.locator('#goal-trigger').click();
    await expect(page.getByRole('dialog', { name: DIALOG_NAME }).getByText('Your goal: Build strength')).toBeVisible();
  });

  test('START YOUR JOURNEY on the preview page opens the modal too', async ({ page }) => {
    await blockBookingHost(page);
    await page.goto('/in-development');
    await page.locator('main [data-open-booking]').click();
    await expect(page.getByRole('dialog', { name: DIALOG_NAME })).toBeVisible();
    await expect(page).toHaveURL(/\/in-development$/);
  });
});

test.describe('booking modal without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the buttons stay plain links to the contact section', async ({ page }) => {
    await page.goto('/in-development');
    await page.locator('main [data-open-booking]').click();
    await expect(page).toHaveURL(/\/#contact$/);
  });
});
