/**
 * Visitors load near-zero JavaScript: pages without an island ship only tiny enhancers.
 * (Exact byte figures are the benchmark's job; this asserts that no framework runtime
 * or island is loaded where none belongs.)
 */
import { expect, test } from '@playwright/test';

test.skip(({ isMobile }) => isMobile, 'the scripts do not depend on the viewport');

const pagesWithoutIslands = ['/', '/guides', '/thank-you', '/thank-you/call', '/thank-you/resource', '/in-development'];
const TINY_ENHANCERS_BYTES = 8 * 1024;
// Thank-you pages also send their conversion (tracking rules and supabase-js's functions client).
const budget = (path: string) => (path.startsWith('/thank-you') ? 12 * 1024 : TINY_ENHANCERS_BYTES);

for (const path of pagesWithoutIslands) {
  test(`${path} ships no island and only tiny enhancers`, async ({ page }) => {
    const scripts: { url: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ url: response.url(), bytes: (await response.body()).length });
    });
    await page.goto(path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await expect(page.locator('astro-island')).toHaveCount(0);
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    expect(total, scripts.map((script) => `${script.url} ${script.bytes}`).join('\n')).toBeLessThanOrEqual(budget(path));
  });
}
