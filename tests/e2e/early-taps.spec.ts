/**
 * Every tap counts: each control does what it says on the first tap, made as soon as the page
 * is parsed (`domcontentloaded`) and once it has loaded (`load`), on a phone (390 px, touch).
 * The taps are real touches: copy code must reach the clipboard with the tap's own user gesture.
 * `npx playwright test early-taps --repeat-each 10` is how the figure in the README is measured.
 */
import { expect, test, type Page } from './fixtures';
import { serveBookingHost } from './helpers';

test.use({ allowedErrors: /ERR_CONNECTION_REFUSED/ }); // the hero's storage video is not served here

const MOMENTS = ['domcontentloaded', 'load'] as const;
type Moment = (typeof MOMENTS)[number];

const LEAD_FORM = 'https://api.leadconnectorhq.com/widget/form/**';

async function open(page: Page, path: string, moment: Moment) {
  await serveBookingHost(page);
  await page.route(LEAD_FORM, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Form</title><h1>Form</h1>' }));
  await page.goto(path, { waitUntil: moment });
}

const dialog = (page: Page, id: string) => page.locator(`dialog#${id}`);

interface Control {
  name: string;
  path: string;
  tapAndCheck: (page: Page) => Promise<void>;
}

const controls: Control[] = [
  {
    name: 'START YOUR JOURNEY opens the booking modal',
    path: '/',
    tapAndCheck: async (page) => {
      await page.locator('[data-open-booking]:visible').first().tap();
      await expect(dialog(page, 'booking-dialog')).toBeVisible();
    },
  },
  {
    name: 'Get it free opens the resource dialog',
    path: '/guides',
    tapAndCheck: async (page) => {
      await page.locator('[data-get-resource="fit-batty-blueprint"]').tap();
      await expect(page.getByRole('dialog').getByRole('heading', { name: 'Get The Fit Baddie Blueprint' })).toBeVisible();
    },
  },
  {
    name: 'a filter pill shows its category',
    path: '/guides',
    tapAndCheck: async (page) => {
      const pill = page.locator('button[data-filter]').nth(1);
      await pill.tap();
      await expect(pill).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('[data-resource-group]:visible')).toHaveCount(1);
    },
  },
  {
    name: 'Find your supplements opens the screener',
    path: '/',
    tapAndCheck: async (page) => {
      await page.locator('[data-open-screener]').tap();
      await expect(dialog(page, 'screener-dialog')).toBeVisible();
    },
  },
  {
    name: 'Copy code puts the code on the clipboard',
    path: '/',
    tapAndCheck: async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.locator('[data-copy-code]').getByRole('button', { name: 'Copy code' }).tap();
      await expect(page.locator('[data-sonner-toast]')).toContainText('Code copied!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('KAYLA');
    },
  },
  {
    name: 'the carousel pause button pauses it',
    path: '/',
    tapAndCheck: async (page) => {
      const toggle = page.locator('[data-carousel-toggle]');
      await toggle.scrollIntoViewIfNeeded();
      await toggle.tap();
      await expect(toggle).toContainText('Play');
      await expect(page.locator('[data-carousel]')).toHaveAttribute('data-moving', 'false');
    },
  },
  {
    name: 'the floating prompt button opens its card',
    path: '/',
    tapAndCheck: async (page) => {
      await page.locator('#about').scrollIntoViewIfNeeded();
      await page.locator('[data-prompt-toggle]').tap();
      await expect(page.locator('#prompt-card')).toBeVisible();
    },
  },
  {
    name: 'Sign up switches the auth form',
    path: '/auth',
    tapAndCheck: async (page) => {
      await page.getByRole('button', { name: "Don't have an account? Sign up" }).tap();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Account');
    },
  },
  {
    name: 'the menu and a nav link take the visitor to the section',
    path: '/guides',
    tapAndCheck: async (page) => {
      await page.locator('[data-mobile-menu] summary').tap();
      await page.locator('[data-mobile-menu] nav a[href^="/#"]').first().tap();
      await expect(page).toHaveURL(/\/#[a-z-]+$/);
    },
  },
];

for (const control of controls) {
  for (const moment of MOMENTS) {
    test(`${control.name}, tapped at ${moment} @mobile`, async ({ page, isMobile }) => {
      test.skip(!isMobile, 'taps on a phone');
      await open(page, control.path, moment);
      await control.tapAndCheck(page);
    });
  }
}
