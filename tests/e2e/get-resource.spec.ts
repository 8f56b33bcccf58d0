/**
 * The get-resource dialog on /guides. The lead platform is unreachable offline, so its embed
 * script and form are answered here with tiny stand-ins.
 */
import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import { pageScriptsReady } from './helpers';

const SCRIPT = 'https://link.msgsndr.com/js/form_embed.js';
const FORM_HOST = 'https://api.leadconnectorhq.com/widget/form/';

async function fakeLeadPlatform(page: Page, { scriptFails = false } = {}) {
  const state = { scriptRequests: 0, scriptFails };
  await page.route(SCRIPT, (route) => {
    state.scriptRequests += 1;
    if (state.scriptFails) return route.abort('connectionrefused');
    return route.fulfill({ contentType: 'application/javascript', body: 'window.__formEmbed = (window.__formEmbed || 0) + 1;' });
  });
  await page.route(`${FORM_HOST}**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Opt-in form</title></head><body><main><h1>Opt-in form</h1><label>Email <input type="email"></label></main></body></html>',
    }),
  );
  return state;
}

const dialog = (page: Page) => page.getByRole('dialog');

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

  await expectNoAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(featured).toBeFocused();

  const glute = page.locator('[data-get-resource="glute-program"]');
  await glute.focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Get Glute Growth Program' })).toBeVisible();
  await expect(dialog(page).locator('iframe')).toHaveAttribute('src', `${FORM_HOST}Gp5NjW8sDf3YkC6mTr0z`);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(glute).toBeFocused();

  expect(platform.scriptRequests).toBe(1);
  expect(await page.locator(`script[src="${SCRIPT}"]`).count()).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { __formEmbed: number }).__formEmbed)).toBe(1);
});

test.describe(() => {
  test.use({ allowedErrors: /Failed to load form embed script/ });

  test('a failed embed script leaves the spinner, is logged, and is retried on the next opening', async ({ page }) => {
    const platform = await fakeLeadPlatform(page, { scriptFails: true });
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/guides');
    const button = page.locator('[data-get-resource="glute-program"]');
    await button.click();
    await expect(dialog(page).getByRole('status')).toBeVisible();
    await expect.poll(() => errors.some((text) => text.includes('Failed to load form embed script'))).toBe(true);
    await expect(dialog(page).getByRole('status')).toBeVisible();
    await expect(dialog(page).locator('iframe')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    platform.scriptFails = false;
    await button.click();
    await expect(dialog(page).locator('iframe')).toHaveAttribute('src', `${FORM_HOST}Gp5NjW8sDf3YkC6mTr0z`);
    expect(platform.scriptRequests).toBe(2);
    expect(await page.locator(`script[src="${SCRIPT}"]`).count()).toBe(1);
  });
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
  expect(scripts.length).toBeGreaterThan(before);
});
