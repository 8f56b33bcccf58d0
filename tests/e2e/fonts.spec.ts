/**
 * Fonts: body text uses the platform font (no download); the display face for headings is
 * downloaded only after the page has loaded, with a metric-matched fallback until then.
 */
import { expect, test } from './fixtures';

test('a page landed on from elsewhere keeps the fallback, even if this visit has the face cached', async ({ page }) => {
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('display-font-cached'))).toBe('1');
  // Typed or from an ad: no referrer from this site, so the head does not read the storage.
  await page.goto('/guides');
  await expect(page.locator('html')).not.toHaveClass(/display-font/);
  expect(await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^"?Display fallback/);
});

test('first page: headings keep the fallback and the face is cached after load; next page: the face at once', async ({ page }) => {
  const fonts: { url: string; afterLoad: boolean }[] = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push({ url: request.url(), afterLoad: loaded });
  });
  const headingFont = () => page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily);
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('display-font-cached'))).toBe('1');
  expect(await headingFont()).toMatch(/^"?Display fallback/);
  await expect(page.locator('html')).not.toHaveClass(/display-font/);
  expect(fonts).toHaveLength(1);
  expect(fonts[0]?.afterLoad).toBe(true);
  const body = await page
    .locator('main p')
    .first()
    .evaluate((p) => getComputedStyle(p).fontFamily);
  expect(body).not.toMatch(/Montserrat|Display fallback/);

  loaded = false;
  // The next page of the visit, reached by a link on this one.
  await page.locator('main a[href="/guides"]').first().click();
  await page.waitForURL('**/guides');
  await expect(page.locator('html')).toHaveClass(/display-font/);
  expect(await headingFont()).toMatch(/^Montserrat-/);
  expect(await page.evaluate(() => document.fonts.check('800 32px ' + getComputedStyle(document.querySelector('h1')!).fontFamily.split(',')[0]))).toBe(true);
});
