/**
 * Production headers and the Content-Security-Policy in use: every page is visited and every
 * island opened (booking modal, screener, carousel, floating prompt, toast, get-resource dialog,
 * auth form, the admin dashboard as the seeded admin) with 0 `securitypolicyviolation` events
 * and 0 console errors, apart from third-party hosts, which are offline here (the page fixture of
 * tests/e2e/fixtures.ts fails a test on either).
 */
import { readFileSync } from 'node:fs';
import { serveTestEventFunction } from './admin-helpers';
import { ADMIN_STATE } from './auth-state';
import { expect, test, type Page } from './fixtures';
import { carouselInUse, pageScriptsReady, screenerReady, serveBookingHost, serveVideos, SUPABASE_URL } from './helpers';
import { routes } from './routes';

const FORM_SCRIPT = 'https://link.msgsndr.com/js/form_embed.js';
const FORM_GLOB = 'https://api.leadconnectorhq.com/widget/form/**';

/**
 * The admin dashboard's tabs, by accessible name, in an order where each is on screen: the asset
 * manager's own tabs (under the default Site Assets tab), then the CRM and Conversions tabs.
 */
const adminCopy = JSON.parse(readFileSync(new URL('../../src/content/pages/admin.json', import.meta.url), 'utf8')) as {
  tabs: { assets: string; crm: string; conversions: string };
  assets: { tabs: Record<string, string> };
};
const ADMIN_TABS: string[] = [...Object.values(adminCopy.assets.tabs), adminCopy.tabs.crm, adminCopy.tabs.conversions];

async function thirdPartiesAnswered(page: Page) {
  await serveBookingHost(page);
  await serveVideos(page);
  await page.route(FORM_SCRIPT, (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.__formEmbed = 1;' }));
  await page.route(FORM_GLOB, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Form</title><p>Form</p>' }));
}

async function openBooking(page: Page) {
  await page.locator('[data-open-booking]:visible').first().click();
  const dialog = page.locator('#booking-dialog');
  await expect(dialog.locator('iframe')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('the headers: CSP and the others on HTML, long cache on /_astro assets, short on HTML', async ({ request }) => {
  const page = await request.get('/');
  const html = page.headers();
  const csp = html['content-security-policy'] ?? '';
  const directive = (name: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? '';
  expect(directive('script-src')).toMatch(/^script-src 'self' 'sha256-/);
  expect(directive('script-src')).not.toContain('unsafe-inline');
  expect(directive('script-src')).not.toContain('unsafe-eval');
  expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
  expect(directive('object-src')).toBe("object-src 'none'");
  expect(directive('connect-src')).toContain(new URL(SUPABASE_URL).origin);
  expect(directive('media-src')).toContain(new URL(SUPABASE_URL).origin);
  expect(html['strict-transport-security']).toMatch(/max-age=\d{8,}/);
  expect(html['x-content-type-options']).toBe('nosniff');
  expect(html['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(html['permissions-policy']).toContain('camera=()');
  expect(html['cache-control']).toBe('public, max-age=0, must-revalidate');

  // The page's scripts are hashed /_astro assets.
  const src = /"(\/_astro\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(src).toBeTruthy();
  const asset = (await request.get(src!)).headers();
  expect(asset['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset['content-security-policy']).toBe(csp);
  expect(asset['x-content-type-options']).toBe('nosniff');

  for (const route of routes) {
    const headers = (await request.get(route.path)).headers();
    expect(headers['content-security-policy'], route.path).toBe(csp);
    expect(headers['strict-transport-security'], route.path).toBeTruthy();
  }
});

test.describe(() => {
  test.use({ allowedErrors: /404 Error: User attempted|status of 404/ });

  for (const route of routes) {
    test(`${route.path} loads with no CSP violation and no console error`, async ({ page }) => {
      await thirdPartiesAnswered(page);
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      await pageScriptsReady(page);
    });
  }
});

test('/: the booking modal, screener, carousel, floating prompt and a toast, with no violation', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await thirdPartiesAnswered(page);
  await page.goto('/');
  await openBooking(page);

  const screener = page.getByRole('button', { name: 'Find your supplements' });
  await screenerReady(page);
  await screener.click();
  const dialog = page.getByRole('dialog', { name: 'Find your supplements' });
  await dialog.getByRole('button', { name: 'Build strength' }).click();
  await dialog.getByRole('button', { name: /Beginner/ }).click();
  await dialog.getByRole('button', { name: 'After my workout' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your recommended stack' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await carouselInUse(page);
  await page.locator('[data-copy-button]').scrollIntoViewIfNeeded();
  await page.locator('[data-copy-button]').click();
  await expect(page.locator('[data-sonner-toast]')).toBeVisible();
  await page.locator('[data-prompt-toggle]').click();
  await expect(page.locator('#prompt-card')).toBeVisible();
  await page.locator('[data-community-video]').scrollIntoViewIfNeeded();
});

test('/guides and /in-development: the get-resource dialog and the booking modal, with no violation', async ({ page }) => {
  await thirdPartiesAnswered(page);
  await page.goto('/guides');
  await page.locator('[data-get-resource="fit-batty-blueprint"]').click();
  await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await openBooking(page);
  await page.goto('/in-development');
  await openBooking(page);
});

test.describe(() => {
  test.use({ storageState: ADMIN_STATE });

  test('the admin dashboard, every tab, with no violation', async ({ page }) => {
    // The Conversions tab reads the test-event function's settings: here, a server without Meta's.
    await serveTestEventFunction(page, () => ({
      status: 200,
      body: { configured: false, missing: ['META_PIXEL_ID', 'META_CAPI_TOKEN'], api_version: null, test_event_code_set: false },
    }));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
    for (const name of ADMIN_TABS) {
      await page.getByRole('tab', { name }).click();
      await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name })).toBeVisible();
    }
  });
});
