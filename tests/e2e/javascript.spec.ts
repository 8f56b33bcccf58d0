/**
 * Near-zero JavaScript before interaction (README "How JavaScript reaches a page"): until the visitor
 * interacts or scrolls, every public page loads only tiny enhancers: no React, no island code,
 * at most 15 KB gzip of JavaScript in all. Islands hydrate on first use or when they come into
 * view. (Exact figures are the benchmark's job: `npm run bench`.)
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from './fixtures';
import { pageScriptsReady } from './helpers';

// /auth is the one public page that hydrates on load (its form is the page).
const publicPages = ['/', '/guides', '/thank-you', '/thank-you/call', '/thank-you/resource', '/in-development', '/privacy', '/terms'];
const BUDGET_GZIP_BYTES = 15 * 1024;

/** Loads `path` without interacting and returns every script it fetched, with gzip sizes. */
async function scriptsBeforeInteraction(page: Page, path: string) {
  const bodies: Promise<{ url: string; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response
        .body()
        .catch(() => Buffer.alloc(0))
        .then((body) => ({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length })),
    );
  });
  await page.goto(path, { waitUntil: 'load' });
  await pageScriptsReady(page);
  return { all: () => Promise.all(bodies), count: () => bodies.length };
}

for (const path of publicPages) {
  test(`${path}: no React and ≤ 15 KB gzip of JavaScript before any interaction`, { tag: '@mobile' }, async ({ page, isMobile }) => {
    test.skip(!isMobile, 'measured as a visitor on a phone sees it (the first screen only)');
    const scripts = await (await scriptsBeforeInteraction(page, path)).all();
    const islands = page.locator('astro-island');
    const rendererUrls = await islands.evaluateAll((els) => els.map((el) => el.getAttribute('renderer-url')).filter(Boolean));
    const componentUrls = await islands.evaluateAll((els) => els.map((el) => el.getAttribute('component-url')).filter(Boolean));
    const urls = scripts.map((script) => new URL(script.url).pathname);
    // No framework runtime and no island component has been fetched...
    for (const url of [...rendererUrls, ...componentUrls]) expect(urls, `${url} loaded before interaction`).not.toContain(url);
    expect(urls.filter((url) => /react|client\.[\w-]+\.js$/.test(url))).toEqual([]);
    // ...no island has hydrated...
    for (const island of await islands.all()) await expect(island).toHaveAttribute('ssr', '');
    // ...and the enhancers are small.
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    expect(total, scripts.map((script) => `${script.url} ${script.gzip} B gz`).join('\n')).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
}

test('React arrives on first use: opening the booking modal hydrates its island', async ({ page }) => {
  const loaded = await scriptsBeforeInteraction(page, '/');
  const before = loaded.count();
  await page.locator('[data-open-booking]:visible').first().click();
  await expect(page.locator('astro-island[component-url*="/BookingModal."]')).not.toHaveAttribute('ssr', '');
  const scripts = await loaded.all();
  expect(scripts.length).toBeGreaterThan(before);
  expect(scripts.some((script) => /\/client\.[\w-]+\.js$/.test(script.url))).toBe(true);
});
