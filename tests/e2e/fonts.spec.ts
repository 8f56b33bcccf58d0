/**
 * Fonts: body text uses the platform font (no download). The display face for headings is not
 * downloaded on the page a visitor lands on (metric-matched fallback there); a page reached from
 * another page of the site uses it.
 */
import { expect, test } from './fixtures';
import { pageScriptsReady } from './helpers';

const headingFont = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily);

test('the landing page downloads no font; the next page, reached by a link, uses the display face', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  await page.goto('/');
  await pageScriptsReady(page);
  expect(await headingFont(page)).toMatch(/^"?Display fallback/);
  await expect(page.locator('html')).not.toHaveClass(/display-font/);
  const body = await page
    .locator('main p')
    .first()
    .evaluate((p) => getComputedStyle(p).fontFamily);
  expect(body).not.toMatch(/Montserrat|Display fallback/);
  // Everything the page does after load has run (the page scripts' after-paint work included).
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  expect(fonts).toEqual([]);

  await page.locator('main a[href="/guides"]').first().click();
  await page.waitForURL('**/guides');
  await expect(page.locator('html')).toHaveClass(/display-font/);
  expect(await headingFont(page)).toMatch(/^Montserrat-/);
  await expect.poll(() => fonts.length).toBe(1);
  // `optional`: the face is used where it was ready in time, and the next page has it from the cache.
  await page.locator('header a[href="/"]').first().click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('html')).toHaveClass(/display-font/);
  await expect.poll(() => page.evaluate(() => document.fonts.check('800 32px ' + getComputedStyle(document.querySelector('h1')!).fontFamily.split(',')[0]))).toBe(true);
});

test('a page landed on from elsewhere keeps the fallback, even after other pages of the site', async ({ page }) => {
  await page.goto('/');
  await page.locator('main a[href="/guides"]').first().click();
  await page.waitForURL('**/guides');
  await expect(page.locator('html')).toHaveClass(/display-font/);
  // Typed or from an ad: no referrer from this site.
  await page.goto('/guides');
  await expect(page.locator('html')).not.toHaveClass(/display-font/);
  expect(await headingFont(page)).toMatch(/^"?Display fallback/);
});
