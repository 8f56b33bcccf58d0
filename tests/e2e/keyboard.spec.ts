/**
 * Keyboard only: on every page, Tab reaches every visible control in turn, each with a visible
 * focus indicator (an outline or a box-shadow on :focus-visible); each dialog opens with Enter,
 * Tab reaches its controls with visible focus and stays inside, Escape closes it and focus
 * returns to the control that opened it.
 */
import { expect, test, type Locator, type Page } from './fixtures';
import { hydrated, pageScriptsReady, serveBookingHost } from './helpers';

// The pages include the 404 page, which logs the missing path; the videos are refused on purpose
// (their controls appear only once a video plays).
test.use({ allowedErrors: /404 Error: User attempted|status of 404|ERR_CONNECTION_REFUSED/ });

const PAGES = ['/', '/guides', '/in-development', '/thank-you', '/thank-you/call', '/thank-you/resource', '/privacy', '/terms', '/auth', '/this-page-does-not-exist'];
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, summary, iframe, [tabindex]:not([tabindex="-1"])';

/** Scrolls through the page so every island that hydrates when visible has done so. */
async function settle(page: Page) {
  await pageScriptsReady(page);
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      // Two frames: the observers of what came on screen have run.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    window.scrollTo(0, 0);
  });
  const carousel = page.locator('[data-carousel]');
  if (await carousel.count()) {
    await carousel.scrollIntoViewIfNeeded();
    // Ready: its rows are moved by the page script, no longer scrollable regions (no tab stop).
    await expect(carousel).toHaveAttribute('data-ready', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
  }
}

/** Marks every visible, focusable control inside `scope` (a selector) and returns how many. */
function markControls(page: Page, scope: string): Promise<number> {
  return page.evaluate(
    ({ scope, selector }) => {
      const root = document.querySelector(scope)!;
      let count = 0;
      for (const element of root.querySelectorAll<HTMLElement>(selector)) {
        // checkVisibility: not display:none, not visibility:hidden, not in a closed <details>.
        const visible = element.getClientRects().length > 0 && element.checkVisibility({ visibilityProperty: true }) && !element.closest('[inert]');
        if (!visible) continue;
        element.dataset.kbControl = String(count++);
      }
      return count;
    },
    { scope, selector: FOCUSABLE },
  );
}

interface Stop {
  control: string | null;
  label: string;
  visible: boolean;
  inside: boolean;
}

/**
 * Presses Tab up to `max` times, until focus comes back to where it started; records each stop
 * and whether its focus is visible. `start` records the control focused before the first Tab.
 */
async function tabThrough(page: Page, max: number, scope: string, { start = false } = {}): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i <= max; i += 1) {
    if (i > 0 || !start) await page.keyboard.press('Tab');
    const stop = await page.evaluate((scope) => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      // An iframe's own document draws focus inside it; the frame itself is the stop.
      const visible = element.tagName === 'IFRAME' || (element.matches(':focus-visible') && (outline || shadow));
      const label = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
      return { control: element.dataset.kbControl ?? null, label, visible, inside: !!element.closest(scope) };
    }, scope);
    if (!stop) continue;
    // Tab inside an iframe keeps the frame as the active element: one stop.
    if (stops.length > 0 && stop.control !== null && stops.at(-1)!.control === stop.control) continue;
    if (stops.length > 0 && stop.control !== null && stops[0]!.control === stop.control) break;
    // The control focused when a dialog opened was moved to by script, not by Tab.
    if (start && i === 0) stop.visible = true;
    stops.push(stop);
  }
  return stops;
}

for (const path of PAGES) {
  test(`${path}: Tab reaches every control, each with visible focus`, async ({ page }) => {
    await page.route('**/storage/v1/object/public/videos/**/*.mp4', (route) => route.abort('connectionrefused'));
    await page.goto(path);
    await settle(page);
    const total = await markControls(page, 'body');
    expect(total).toBeGreaterThan(2);
    await page.locator('body').focus();
    const stops = await tabThrough(page, total + 40, 'body');
    const reached = new Set(stops.map((stop) => stop.control).filter((control) => control !== null));
    const missed = await page.evaluate(
      (reached) => {
        return [...document.querySelectorAll<HTMLElement>('[data-kb-control]')]
          .filter((element) => !reached.includes(element.dataset.kbControl!) && element.isConnected && element.checkVisibility({ visibilityProperty: true }))
          .map((element) => element.outerHTML.slice(0, 120));
      },
      [...reached],
    );
    expect(missed, 'controls Tab never reached').toEqual([]);
    expect(
      stops.filter((stop) => !stop.visible).map((stop) => stop.label),
      'stops without a visible focus indicator',
    ).toEqual([]);
  });
}

interface DialogCase {
  name: string;
  path: string;
  opener: (page: Page) => Locator;
  dialog: (page: Page) => Locator;
  scope: string;
  prepare?: (page: Page) => Promise<void>;
  /** After the page loaded: bring the opener on screen. */
  ready?: (page: Page) => Promise<void>;
  /** After the dialog opened: wait until its content is in place. */
  loaded?: (page: Page) => Promise<void>;
}

/** A booking widget with a control of its own, as the real one has (Tab enters the frame). */
const WIDGET_WITH_A_CONTROL = '<!doctype html><html lang="en"><title>Calendar</title><body><button type="button">10:00 AM</button>';

const DIALOGS: DialogCase[] = [
  {
    name: 'booking modal',
    path: '/',
    opener: (page) => page.locator('[data-open-booking]:visible').first(),
    dialog: (page) => page.locator('#booking-dialog'),
    scope: '#booking-dialog',
    prepare: async (page) => {
      await serveBookingHost(page, WIDGET_WITH_A_CONTROL);
    },
    // Tab enters the widget only once its document has loaded: wait for its control.
    loaded: async (page) => {
      await expect(page.locator('#booking-dialog [data-booking-loading]')).toHaveCount(0);
      await expect(page.locator('#booking-dialog').frameLocator('iframe').getByRole('button', { name: '10:00 AM' })).toBeVisible();
    },
  },
  {
    name: 'supplements screener',
    path: '/',
    opener: (page) => page.getByRole('button', { name: 'Find your supplements' }),
    dialog: (page) => page.getByRole('dialog', { name: 'Find your supplements' }),
    scope: 'dialog[open]',
    // The screener is an island that hydrates on intent: the focus on its button.
    ready: async (page) => {
      await page.getByRole('button', { name: 'Find your supplements' }).focus();
      await hydrated(page, 'ScreenerModal');
    },
  },
  {
    name: 'floating prompt card',
    path: '/',
    opener: (page) => page.locator('[data-prompt-toggle]'),
    dialog: (page) => page.locator('#prompt-card'),
    scope: '#prompt-card',
    // The round button is hidden while the hero fills the screen.
    ready: async (page) => {
      await page.evaluate(() => window.scrollTo({ top: document.querySelector<HTMLElement>('[data-hero]')!.offsetHeight, behavior: 'instant' }));
      await expect(page.locator('[data-prompt-toggle]')).toBeVisible();
    },
  },
  {
    name: 'get-resource dialog',
    path: '/guides',
    opener: (page) => page.locator('[data-get-resource="fit-batty-blueprint"]'),
    dialog: (page) => page.getByRole('dialog'),
    scope: 'dialog[open]',
    prepare: async (page) => {
      await page.route('https://link.msgsndr.com/js/form_embed.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
      await page.route('https://api.leadconnectorhq.com/widget/form/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Form</title><input aria-label="Email">' }),
      );
    },
    // Tab enters the embedded form only once its document has loaded: wait for its field.
    loaded: async (page) => {
      await expect(page.getByRole('dialog').frameLocator('iframe').getByLabel('Email')).toBeVisible();
    },
  },
];

for (const item of DIALOGS) {
  test(`${item.name}: opens with Enter, Tab stays inside with visible focus, Escape closes, focus returns`, async ({ page }) => {
    await item.prepare?.(page);
    await page.goto(item.path);
    await item.ready?.(page);
    const opener = item.opener(page);
    await opener.scrollIntoViewIfNeeded();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = item.dialog(page);
    await expect(dialog).toBeVisible();
    await item.loaded?.(page);
    const total = await markControls(page, item.scope);
    expect(total).toBeGreaterThan(0);
    const stops = await tabThrough(page, total * 3 + 6, item.scope, { start: true });
    expect(
      stops.filter((stop) => !stop.visible).map((stop) => stop.label),
      'stops without a visible focus indicator',
    ).toEqual([]);
    const reached = new Set(stops.map((stop) => stop.control));
    expect(reached.size, `reached ${[...reached].join(',')}`).toBeGreaterThanOrEqual(total);
    if (item.name !== 'floating prompt card') {
      // A modal keeps focus inside (the card is not modal: Tab may leave it).
      expect(
        stops.filter((stop) => !stop.inside).map((stop) => stop.label),
        'Tab left the dialog',
      ).toEqual([]);
    }
    // A key pressed inside an embedded form or widget belongs to that cross-origin document, not
    // to the dialog: where Tab left the focus in the frame, go back to the dialog's own controls.
    if (await page.evaluate(() => document.activeElement?.tagName === 'IFRAME')) await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
}
