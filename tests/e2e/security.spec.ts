/**
 * Production headers and the Content-Security-Policy in use: every page is visited and every
 * island opened (booking modal, screener, carousel, floating prompt, toast, get-resource dialog,
 * auth form, the admin dashboard as the seeded admin) with 0 `securitypolicyviolation` events
 * and 0 console errors, apart from third-party hosts, which are offline here.
 */
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { hydrated, serveBookingHost, serveVideos, SUPABASE_URL } from './helpers';
import { routes } from './routes';

test.describe.configure({ timeout: 90_000 });
// Each visit loads islands and, on /admin, the dashboard's bundle from wrangler: on a loaded
// machine a step can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

const FORM_SCRIPT = 'https://link.msgsndr.com/js/form_embed.js';
const FORM_GLOB = 'https://api.leadconnectorhq.com/widget/form/**';
const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

/**
 * The admin dashboard's tabs, by accessible name, in an order where each is on screen: the asset
 * manager's own tabs (under the default Site Assets tab), then the CRM tab.
 */
const adminCopy = JSON.parse(readFileSync(new URL('../../src/content/pages/admin.json', import.meta.url), 'utf8')) as {
  tabs: { assets: string; crm: string };
  assets: { tabs: Record<string, string> };
};
const ADMIN_TABS: string[] = [...Object.values(adminCopy.assets.tabs), adminCopy.tabs.crm];

interface Watch {
  violations: string[];
  errors: string[];
}

/** Records CSP violations (from every navigation) and console errors from the site itself. */
async function watch(page: Page, allowed: RegExp[] = []): Promise<Watch> {
  const seen: Watch = { violations: [], errors: [] };
  await page.exposeBinding('__reportCspViolation', (_source, line: string) => {
    seen.violations.push(line);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation;
      report(`${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const site = new URL(SUPABASE_URL).host;
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    const text = message.text();
    // A third-party host that cannot be reached offline is expected; our own hosts are not.
    const host = where ? new URL(where).host : '';
    const thirdParty = host !== '' && host !== new URL(page.url()).host && host !== site;
    if (thirdParty || allowed.some((pattern) => pattern.test(text))) return;
    seen.errors.push(`${new URL(page.url()).pathname}: ${text}`);
  });
  page.on('pageerror', (error) => seen.errors.push(`${page.url()}: uncaught ${error.message}`));
  return seen;
}

async function expectClean(page: Page, seen: Watch) {
  // Violations are reported asynchronously: give the last ones a moment.
  await page.waitForTimeout(300);
  expect(seen.violations, 'CSP violations').toEqual([]);
  expect(seen.errors, 'console errors').toEqual([]);
}

async function thirdPartiesAnswered(page: Page) {
  await serveBookingHost(page);
  await serveVideos(page);
  await page.route(FORM_SCRIPT, (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.__formEmbed = 1;' }));
  await page.route(FORM_GLOB, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Form</title><p>Form</p>' }),
  );
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
  const directive = (name: string) => csp.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';
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

  // The first script the page loads is a hashed /_astro asset (named in its deferred loader).
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

test('every route loads with no CSP violation and no console error', async ({ page }) => {
  await thirdPartiesAnswered(page);
  const seen = await watch(page, [/404 Error: User attempted/, /status of 404/]);
  for (const route of routes) {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    await page.waitForLoadState('networkidle');
  }
  await expectClean(page, seen);
});

test('/: the booking modal, screener, carousel, floating prompt and a toast, with no violation', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await thirdPartiesAnswered(page);
  const seen = await watch(page);
  await page.goto('/');
  await openBooking(page);

  const screener = page.getByRole('button', { name: 'Find your supplements' });
  await screener.scrollIntoViewIfNeeded();
  await hydrated(page, 'ScreenerModal');
  await screener.click();
  const dialog = page.getByRole('dialog', { name: 'Find your supplements' });
  await dialog.getByRole('button', { name: 'Build strength' }).click();
  await dialog.getByRole('button', { name: /Beginner/ }).click();
  await dialog.getByRole('button', { name: 'After my workout' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your recommended stack' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.locator('[data-carousel]').scrollIntoViewIfNeeded();
  await hydrated(page, 'TestimonialsCarousel');
  await page.locator('[data-copy-button]').scrollIntoViewIfNeeded();
  await page.locator('[data-copy-button]').click();
  await expect(page.locator('[data-sonner-toast]')).toBeVisible();
  await page.locator('[data-prompt-toggle]').click();
  await expect(page.locator('#prompt-card')).toBeVisible();
  await page.locator('[data-community-video]').scrollIntoViewIfNeeded();
  await expectClean(page, seen);
});

test('/guides and /in-development: the get-resource dialog and the booking modal, with no violation', async ({ page }) => {
  await thirdPartiesAnswered(page);
  const seen = await watch(page);
  await page.goto('/guides');
  await page.locator('[data-get-resource="fit-batty-blueprint"]').click();
  await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await openBooking(page);
  await page.goto('/in-development');
  await openBooking(page);
  await expectClean(page, seen);
});

test('/auth and the admin dashboard (every tab) as the admin, with no violation', async ({ page, baseURL }) => {
  const seen = await watch(page, [/Invalid login credentials|status of 400/]);
  await page.goto('/auth');
  // The form hydrates on first use: filling it in loads it.
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/`, { timeout: 15_000 });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard', { timeout: 15_000 });
  for (const name of ADMIN_TABS) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
  }
  await expectClean(page, seen);
});
