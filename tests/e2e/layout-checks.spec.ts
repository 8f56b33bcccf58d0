/**
 * Layout checks over every page, at 1280 px (desktop project) and 390 px (mobile project): the
 * geometric rules of ./layout-geometry.ts, and the two-column sections side by side on a wide
 * screen.
 */
import { ADMIN_STATE } from './auth-state';
import { expect, test, type Page } from './fixtures';
import { layoutProblems, renderWholePage } from './layout-geometry';
import { routes } from './routes';

// The 404 page logs the missing path.
test.use({ allowedErrors: /404 Error: User attempted|status of 404/ });

const pages = routes.filter((route) => !route.path.startsWith('/admin'));

async function expectSoundLayout(page: Page) {
  await renderWholePage(page);
  expect(await layoutProblems(page)).toEqual([]);
}

for (const route of pages) {
  test(`${route.path}: nothing overflows, no empty grid cell or item`, { tag: '@mobile' }, async ({ page }) => {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    await expectSoundLayout(page);
  });
}

test.describe('the admin dashboard', () => {
  test.use({ storageState: ADMIN_STATE });

  test('nothing overflows, no empty grid cell or item', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    // The site media cards come once storage has listed the files, each with its preview, which is
    // 0 × 0 until its picture has loaded: renderWholePage waits for the pictures in the page, so the cards must be there first.
    await expect(page.locator('section[aria-labelledby="site-media-heading"] > ul > li').first()).toBeVisible();
    await expectSoundLayout(page);
  });
});

/** The sections whose grid has two columns from 1024 px: the first two items sit side by side there. */
const TWO_COLUMNS: [path: string, section: string][] = [
  ['/', '#programs'],
  ['/', '#community'],
  ['/', '#supplements'],
  ['/in-development', 'section[aria-labelledby="preview-heading"]'],
];

for (const [path, section] of TWO_COLUMNS) {
  test(`${path} ${section}: its two columns sit side by side at 1280 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    await renderWholePage(page);
    const boxes = await page.locator(section).evaluate((element) => {
      const grid = element.querySelector('.lg\\:grid-cols-2')!;
      const items = [...grid.querySelectorAll(':scope > *, :scope > picture > img')].filter((item) => getComputedStyle(item).display !== 'contents');
      return items.slice(0, 2).map((item) => item.getBoundingClientRect().toJSON() as DOMRect);
    });
    expect(boxes, `${section}: the grid has two items`).toHaveLength(2);
    const [first, second] = boxes as [DOMRect, DOMRect];
    expect(Math.min(first.bottom, second.bottom) - Math.max(first.top, second.top), `${section}: the two columns share a row`).toBeGreaterThan(0);
    expect(first.right, `${section}: the first column ends before the second begins`).toBeLessThanOrEqual(second.left + 1);
  });
}
