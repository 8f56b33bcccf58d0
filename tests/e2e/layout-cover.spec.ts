/**
 * No fixed element covers a page's buttons or links (./layout-cover.ts), on every page, at
 * 1280 px (desktop project) and 390 px (mobile project): before the privacy choices are answered
 * (the panel asks at the foot of the screen) and after (the floating prompt's button is there),
 * and in the admin dashboard while a toast shows.
 */
import { openDashboard } from './admin-helpers';
import { ADMIN_STATE } from './auth-state';
import { expect, test } from './fixtures';
import { coveredControls } from './layout-cover';
import { pageScriptsReady } from './helpers';
import { routes } from './routes';

// The 404 page logs the missing path.
test.use({ allowedErrors: /404 Error: User attempted|status of 404/ });

const pages = routes.filter((route) => !route.path.startsWith('/admin'));

for (const answered of [false, true]) {
  test.describe(answered ? 'privacy choices answered' : 'privacy choices not answered yet', () => {
    test.use({ privacyChoice: answered ? 'granted' : null });
    for (const route of pages) {
      test(`${route.path}: no fixed element covers a button or link`, { tag: '@mobile' }, async ({ page }) => {
        await page.goto(route.path);
        await pageScriptsReady(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
        expect(await coveredControls(page)).toEqual([]);
      });
    }
  });
}

test.describe('the admin dashboard', () => {
  test.use({ storageState: ADMIN_STATE });

  test('a toast covers none of the header’s links', { tag: '@mobile' }, async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openDashboard(page);
    await page
      .getByRole('button', { name: /^Copy path: / })
      .first()
      .click();
    await expect(page.getByText('Path copied')).toBeVisible();
    expect(await coveredControls(page)).toEqual([]);
  });
});
