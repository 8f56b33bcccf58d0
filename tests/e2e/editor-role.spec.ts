/**
 * The editor role in the browser: the content editor (/admin/content) is all of the admin she
 * reaches; a member is denied it as she is denied the rest.
 */
import { type Page, expect, test } from './fixtures';
import { expectNoAxeViolations } from './axe';
import { DECAP_EVAL_PROBES } from './admin-helpers';
import { EDITOR_STATE, MEMBER_STATE } from './auth-state';

/** The guard has decided: its 'Loading...' is gone. */
const guardDone = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);

test.describe('an editor', () => {
  test.use({ storageState: EDITOR_STATE, allowedErrors: DECAP_EVAL_PROBES });
  // The content editor (Decap's large bundle) starts before she may go back.
  test.describe.configure({ timeout: 90_000 });

  for (const path of ['/admin', '/admin/assets']) {
    test(`on ${path} is sent to the content editor, in place of the page she asked for, and sees no dashboard`, async ({ page, baseURL }) => {
      await page.goto('/guides');
      await page.goto(path);
      await expect(page).toHaveURL(`${baseURL}/admin/content`);
      await guardDone(page);
      await expect(page.getByRole('tablist')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
      await expectNoAxeViolations(page);
      // Replaced, not added: Back leaves the admin. (Once Decap has taken the address to its first
      // collection, which it does in place: going back before that races its own navigation.)
      await expect(page).toHaveURL(/\/admin\/content#\/collections\//, { timeout: 60_000 });
      await page.goBack();
      await expect(page).toHaveURL(`${baseURL}/guides`);
    });
  }

  test('on /auth goes to the content editor', async ({ page, baseURL }) => {
    await page.goto('/auth');
    await expect(page).toHaveURL(`${baseURL}/admin/content`);
  });
});

test.describe('a member', () => {
  test.use({ storageState: MEMBER_STATE });

  test('sees Access Denied on the content editor too', async ({ page, baseURL }) => {
    await page.goto('/admin/content');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Denied');
    await expect(page).toHaveURL(`${baseURL}/admin/content`);
  });
});
