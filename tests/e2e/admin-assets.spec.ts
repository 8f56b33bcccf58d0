/**
 * The asset manager as the seeded admin: tabs (keyboard), summary, search and filter over the
 * sample catalogue, copy actions, the simulated delete, analytics and settings; axe on every tab.
 */
import { expect, test } from './fixtures';
import { expectNoAxeViolations, openDashboard, toast } from './admin-helpers';
import { ADMIN_STATE } from './auth-state';

test.use({ storageState: ADMIN_STATE });

test('the tabs are keyboard tablists: arrows wrap, Home/End, one tab stop', async ({ page }) => {
  await openDashboard(page);
  const top = page.getByRole('tablist', { name: 'Dashboard sections' });
  const inner = page.getByRole('tablist', { name: 'Asset manager sections' });
  await expect(top.getByRole('tab', { name: 'Site Assets' })).toHaveAttribute('aria-selected', 'true');
  await expect(inner.getByRole('tab', { name: 'Browse Assets' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Browse Assets' })).toBeVisible();

  await inner.getByRole('tab', { name: 'Browse Assets' }).focus();
  for (const name of ['Upload New', 'Analytics', 'Settings']) {
    await page.keyboard.press('ArrowRight');
    const tab = inner.getByRole('tab', { name });
    await expect(tab).toBeFocused();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(tab).toHaveAttribute('tabindex', '0');
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
  }
  await page.keyboard.press('ArrowRight');
  await expect(inner.getByRole('tab', { name: 'Browse Assets' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(inner.getByRole('tab', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(inner.getByRole('tab', { name: 'Browse Assets' })).toHaveAttribute('aria-selected', 'true');
  await expect(inner.getByRole('tab', { name: 'Upload New' })).toHaveAttribute('tabindex', '-1');
  // Tab from the selected tab goes into its panel, not to the other tabs.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Browse Assets' })).toBeFocused();

  await top.getByRole('tab', { name: 'Site Assets' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(top.getByRole('tab', { name: 'Calendar & CRM' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Calendar debugger' })).toBeVisible();
});

for (const [top, inner] of [
  ['Site Assets', 'Browse Assets'],
  ['Site Assets', 'Upload New'],
  ['Site Assets', 'Analytics'],
  ['Site Assets', 'Settings'],
  ['Calendar & CRM', null],
] as const) {
  const name = inner ?? top;
  test(`axe finds nothing on the ${name} tab`, { tag: '@mobile' }, async ({ page }) => {
    await openDashboard(page);
    await page.getByRole('tab', { name: top }).click();
    if (inner) await page.getByRole('tab', { name: inner }).click();
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('summary, search by name or tag, category filter and the empty state', async ({ page }) => {
  await openDashboard(page);
  const tiles = page.getByRole('listitem').filter({ hasText: 'Total assets' });
  await expect(tiles).toContainText('46');
  await expect(page.getByRole('listitem').filter({ hasText: 'Hero/Banner Images' }).first()).toContainText('6');
  await expect(page.getByText('46 of 46 assets')).toBeVisible();

  const search = page.getByLabel('Search assets');
  await search.fill('DEADLIFT');
  await expect(page.getByText('3 of 46 assets')).toBeVisible();
  // A tag only: 'press' is on two headshots, in no file name.
  await search.fill('PRESS');
  await expect(page.getByText('2 of 46 assets')).toBeVisible();
  await search.fill('homepage');
  await expect(page.getByText('2 of 46 assets')).toBeVisible();
  await page.getByLabel('Category', { exact: true }).selectOption('portrait');
  await expect(page.getByText('0 of 46 assets')).toBeVisible();
  await expect(page.getByText('No assets found matching your criteria')).toBeVisible();
  await search.fill('');
  await expect(page.getByText('8 of 46 assets')).toBeVisible();
  await page.getByLabel('Category', { exact: true }).selectOption('all');
  await expect(page.getByText('46 of 46 assets')).toBeVisible();
});

test('copy path, copy import and the simulated delete', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openDashboard(page);
  const name = 'action-bench-kayla-record-lift-1.jpg';
  await page.getByRole('button', { name: `Copy path: ${name}` }).click();
  await expect(toast(page, 'Path copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`/uploads/${name}`);
  await page.getByRole('button', { name: `Copy import: ${name}` }).click();
  await expect(toast(page, 'Import copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`import actionBenchKaylaRecordLift1 from '/uploads/${name}';`);
  await page.getByRole('button', { name: `Delete: ${name}` }).click();
  await expect(toast(page, 'Delete Simulated')).toBeVisible();
  await expect(page.getByText('46 of 46 assets')).toBeVisible();
  // The catalogue's files exist.
  const image = await page.request.get(`/uploads/${name}`);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/jpeg');
});

test('analytics shows each category with its share; settings shows the convention and storage', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const analytics = page.getByRole('tabpanel', { name: 'Analytics' });
  await expect(analytics.getByRole('listitem').filter({ hasText: 'Training/Workout Photos' })).toContainText('12 assets, 26.1% of 46');
  await expect(analytics.getByRole('listitem')).toHaveCount(7);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const settings = page.getByRole('tabpanel', { name: 'Settings' });
  await expect(settings.getByText('category-subcategory-person-descriptor-number.ext')).toBeVisible();
  await expect(settings.getByText(/public videos bucket/)).toBeVisible();
});
