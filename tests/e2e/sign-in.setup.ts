/**
 * Signs the seeded admin, editor and member in through /auth once per run and stores their
 * sessions, so the tests that need one start signed in instead of each running bcrypt and the form.
 */
import { expect, test } from './fixtures';
import { ADMIN, EDITOR, MEMBER } from './admin-helpers';
import { ADMIN_STATE, EDITOR_STATE, MEMBER_STATE } from './auth-state';

// Without a next path, sign-in takes an admin to the dashboard, an editor to the content editor
// and anyone else home.
for (const [who, user, file, lands] of [
  ['admin', ADMIN, ADMIN_STATE, '/admin'],
  ['editor', EDITOR, EDITOR_STATE, '/admin/content'],
  ['member', MEMBER, MEMBER_STATE, '/'],
] as const) {
  test(`sign in as the ${who}`, async ({ page, baseURL }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}${lands}`);
    await page.context().storageState({ path: file });
  });
}
