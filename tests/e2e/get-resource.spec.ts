/**
 * The get-resource dialog on /guides. The lead platform is unreachable offline, so its embed
 * script and form are answered here with tiny stand-ins, blocked (as an ad blocker does), or held
 * (a request that never answers).
 */
import { expectNoAxeViolations } from './axe';
import { expect, test, type BrowserContext, type Page } from './fixtures';
import { pageScriptsReady, pausedClock } from './helpers';

const SCRIPT = 'https://link.msgsndr.com/js/form_embed.js';
const FORM_HOST = 'https://api.leadconnectorhq.com/widget/form/';
const GLUTE_FORM = `${FORM_HOST}Gp5NjW8sDf3YkC6mTr0z`;
/** src/lib/embed-load.ts: EMBED_WAIT_MS. */
const WAIT_MS = 3_000;

const FORM_PAGE =
  '<!doctype html><html lang="en"><head><title>Opt-in form</title></head><body><main><h1>Opt-in form</h1><label>Email <input type="email"></label></main></body></html>';

/** The lead platform answers, for one page or (a new tab too) the whole browser context. */
async function fakeLeadPlatform(target: Page | BrowserContext) {
  const state = { scriptRequests: 0 };
  await target.route(SCRIPT, (route) => {
    state.scriptRequests += 1;
    return route.fulfill({ contentType: 'application/javascript', body: 'window.__formEmbed = (window.__formEmbed || 0) + 1;' });
  });
  await target.route(`${FORM_HOST}**`, (route) => route.fulfill({ contentType: 'text/html', body: FORM_PAGE }));
  return state;
}

/** The lead platform's hosts refuse every request, as an ad blocker or a privacy extension does. */
async function blockLeadPlatform(page: Page) {
  await page.route(SCRIPT, (route) => route.abort('blockedbyclient'));
  await page.route(`${FORM_HOST}**`, (route) => route.abort('blockedbyclient'));
}

/** Requests to `url` that never get an answer (until the page goes away). */
async function hold(page: Page, url: string) {
  await page.route(url, () => new Promise<void>(() => undefined));
}

const dialog = (page: Page) => page.getByRole('dialog');
const fallback = (page: Page) => dialog(page).locator('[data-resource-fallback]');

test('opens the resource form, with the script added once; Escape closes and returns focus', async ({ page }) => {
  const platform = await fakeLeadPlatform(page);
  await page.goto('/guides');
  const featured = page.locator('[data-get-resource="fit-batty-blueprint"]');
  await featured.click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: 'Get The Fit Baddie Blueprint' })).toBeVisible();
  await expect(dialog(page)).toContainText('Enter your details below to get instant access to this valuable resource.');
  const frame = dialog(page).locator('iframe');
  await expect(frame).toHaveAttribute('src', `${FORM_HOST}Xq7LmV2pRt9KbN4sWc1d`);
  await expect(page.frameLocator('dialog iframe').getByRole('heading', { name: 'Opt-in form' })).toBeVisible();
  await expect(dialog(page).getByRole('status')).toHaveCount(0);

  await expectNoAxeViolations(page, 'dialog[open]');

  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(featured).toBeFocused();

  const glute = page.locator('[data-get-resource="glute-program"]');
  await glute.focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Get Glute Growth Program' })).toBeVisible();
  await expect(dialog(page).locator('iframe')).toHaveAttribute('src', GLUTE_FORM);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(glute).toBeFocused();

  expect(platform.scriptRequests).toBe(1);
  expect(await page.locator(`script[src="${SCRIPT}"]`).count()).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { __formEmbed: number }).__formEmbed)).toBe(1);
});

/** Opens the glute guide's opt-in with the lead platform blocked; resolves once its fallback is announced. */
async function openBlocked(page: Page) {
  await blockLeadPlatform(page);
  await page.goto('/guides');
  await page.locator('[data-get-resource="glute-program"]').click();
  await expect(dialog(page).getByRole('heading', { name: 'Get Glute Growth Program' })).toBeVisible();
  // Announced (role alert) within 4 s of the dialog showing.
  await expect(dialog(page).getByRole('alert')).toContainText('The form could not load', { timeout: 4_000 });
}

test('with the lead platform blocked, a fallback within 4 s: the form page in a new tab, and the e-mail way', { tag: '@mobile' }, async ({ page }) => {
  await openBlocked(page);
  const formPage = fallback(page).getByRole('link', { name: 'Open the form in a new tab' });
  await expect(formPage).toHaveAttribute('href', GLUTE_FORM);
  await expect(formPage).toHaveAttribute('target', '_blank');
  await expect(formPage).toHaveAttribute('rel', /\bnoopener\b/);
  await expect(fallback(page).getByRole('link', { name: 'E-mail Kayla: hello@kaylareyes.coach' })).toHaveAttribute(
    'href',
    'mailto:hello@kaylareyes.coach?subject=Get%20it%20free%3A%20Glute%20Growth%20Program',
  );
  await expect(dialog(page).locator('iframe')).toHaveCount(0);
  // Focus stays on the dialog's own controls while the fallback is announced.
  expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
  await expectNoAxeViolations(page, 'dialog[open]');
});

test('the fallback works: its link opens the form page in a new tab; Try again loads the form once the host answers', { tag: '@mobile' }, async ({ page }) => {
  await openBlocked(page);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const platform = await fakeLeadPlatform(page.context());
  const [tab] = await Promise.all([page.context().waitForEvent('page'), fallback(page).getByRole('link', { name: 'Open the form in a new tab' }).click()]);
  await expect(tab.getByRole('heading', { name: 'Opt-in form' })).toBeVisible();
  expect(tab.url()).toBe(GLUTE_FORM);
  await tab.close();

  // The script failed and was forgotten: Try again really loads it again, then the form.
  const retry = fallback(page).getByRole('button', { name: 'Try again' });
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(page.frameLocator('dialog iframe').getByRole('heading', { name: 'Opt-in form' })).toBeVisible();
  await expect(fallback(page)).toHaveCount(0);
  expect(platform.scriptRequests).toBe(1);
  expect(await page.locator(`script[src="${SCRIPT}"]`).count()).toBe(1);
  expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
});

test('a script that never answers gives way to the fallback after the wait, not before', async ({ page }) => {
  await pausedClock(page);
  await hold(page, SCRIPT);
  await page.goto('/guides');
  await pageScriptsReady(page);
  await page.locator('[data-get-resource="glute-program"]').click();
  await expect(dialog(page).getByRole('status')).toContainText('Loading the form…');
  await page.clock.runFor(WAIT_MS - 100);
  await expect(dialog(page).getByRole('status')).toBeVisible();
  await expect(fallback(page)).toHaveCount(0);
  await page.clock.runFor(100);
  await expect(fallback(page).getByRole('link', { name: 'Open the form in a new tab' })).toHaveAttribute('href', GLUTE_FORM);
});

test('a form frame that never loads gives way to the fallback too', async ({ page }) => {
  await pausedClock(page);
  await page.route(SCRIPT, (route) => route.fulfill({ contentType: 'application/javascript', body: '' }));
  await hold(page, `${FORM_HOST}**`);
  await page.goto('/guides');
  await pageScriptsReady(page);
  await page.locator('[data-get-resource="glute-program"]').click();
  await expect(dialog(page).locator('iframe')).toHaveAttribute('src', GLUTE_FORM);
  await expect(dialog(page).getByRole('status')).toBeVisible();
  await page.clock.runFor(WAIT_MS);
  await expect(fallback(page)).toBeVisible();
  // Still loading, out of the way: were it to arrive, the form would take the fallback's place.
  await expect(dialog(page).locator('iframe')).toBeHidden();
});

test('a failed script is retried on the next opening, and added once', async ({ page }) => {
  await blockLeadPlatform(page);
  await page.goto('/guides');
  const button = page.locator('[data-get-resource="glute-program"]');
  await button.click();
  await expect(fallback(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const platform = await fakeLeadPlatform(page);
  await button.click();
  await expect(page.frameLocator('dialog iframe').getByRole('heading', { name: 'Opt-in form' })).toBeVisible();
  expect(platform.scriptRequests).toBe(1);
  expect(await page.locator(`script[src="${SCRIPT}"]`).count()).toBe(1);
});

test('no React loads on /guides until a visitor reaches for a resource', async ({ page }) => {
  await fakeLeadPlatform(page);
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await page.goto('/guides');
  await pageScriptsReady(page);
  const before = scripts.length;
  await page.locator('[data-get-resource="fit-batty-blueprint"]').click();
  await expect(dialog(page)).toBeVisible();
  // The dialog opens in the tap's own task; the island's module is asked for after it.
  await expect.poll(() => scripts.length).toBeGreaterThan(before);
});
