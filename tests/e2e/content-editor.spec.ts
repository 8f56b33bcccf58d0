/**
 * The content editor as deployed: the production build under wrangler, its Pages Function saving
 * to a fake GitHub (tests/support/fake-github.mjs, started with the preview). The dashboard links
 * to it with a full page load; a save is one commit on the repository's branch, authored by the
 * signed-in admin or editor, and the page says the site updates in a few minutes; the page passes
 * axe. (npm run dev's working tree: tests/e2e-dev/content-editor.spec.ts.)
 */
import { readFileSync } from 'node:fs';
import { type Page, expect, test } from './fixtures';
import { ADMIN_STATE, EDITOR_STATE } from './auth-state';
import { ADMIN, DECAP_EVAL_PROBES, EDITOR, expectNoAxeViolations, openDashboard } from './admin-helpers';
import type { ContentEditorCopy } from '../../src/features/content-editor/shared/schema';
import { fill } from '../../src/features/admin/text';

const { contentEditor: copy } = JSON.parse(readFileSync(new URL('../../src/content/pages/admin.json', import.meta.url), 'utf8')) as { contentEditor: ContentEditorCopy };
const GITHUB = `http://127.0.0.1:${process.env.E2E_GITHUB_PORT ?? 54340}`;
const TESTIMONIALS = 'src/content/testimonials.json';

test.use({ allowedErrors: DECAP_EVAL_PROBES });
// The admin's save and the editor's edit the same file on one fake repository: run side by side,
// the later one is rightly refused as stale (409), so this file's tests run one after the other.
test.describe.configure({ mode: 'default' });

/** The fake repository's branch: its commits, newest first. */
const commits = async (page: Page) => (await (await page.request.get(`${GITHUB}/_log`)).json()) as { message: string; author: { email: string } }[];

/** Changes the first testimonial's text in the form and saves it; returns the new text. */
async function saveFirstTestimonial(page: Page): Promise<string> {
  await page.goto('/admin/content#/collections/testimonials/entries/testimonials');
  const editor = page.locator('#nc-root');
  await editor.getByText('Jasmine T.', { exact: true }).locator('xpath=..').locator('button').first().click();
  const text = editor.locator('textarea:visible').first();
  const changed = `Saved from the deployed editor (${Date.now()})`;
  await text.fill(changed);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Publish now').click();
  await expect(page.getByText(copy.saved.github).first()).toBeVisible();
  return changed;
}

test.describe('the admin', () => {
  test.use({ storageState: ADMIN_STATE });

  test('opens the editor from the dashboard; a save is one commit in her name; the page passes axe', async ({ page }) => {
    await openDashboard(page);
    await page.getByRole('link', { name: copy.link }).click();
    await expect(page).toHaveURL(/\/admin\/content$/);
    await expect(page.getByRole('heading', { level: 1, name: copy.heading })).toBeVisible();
    await expect(page.locator('#nc-root').getByText('Collections')).toBeVisible();
    await expectNoAxeViolations(page, { exclude: '#nc-root' });
    const before = (await commits(page)).length;
    const changed = await saveFirstTestimonial(page);
    const after = await commits(page);
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ message: `Content: ${TESTIMONIALS} (by ${ADMIN.email})`, author: { email: ADMIN.email } });
    // The file on the branch, through GitHub's contents API, as the site's build will read it.
    const answer = await page.request.get(`${GITHUB}/repos/kayla-reyes/coach-site/contents/${TESTIMONIALS}?ref=main`, {
      headers: { authorization: 'Bearer fake-github-token', 'user-agent': 'content-editor-test', accept: 'application/vnd.github+json' },
    });
    const { content } = (await answer.json()) as { content: string };
    expect((JSON.parse(Buffer.from(content, 'base64').toString('utf8')) as { text: string }[])[0]!.text).toBe(changed);
  });

  test.describe('on a server without the GitHub settings', () => {
    // The endpoint's own 503 is tested under wrangler (integration/content-endpoint.test.ts); here, what the page makes of it.
    test.use({ allowedErrors: new RegExp(`status of 503|${DECAP_EVAL_PROBES.source}`) });

    test('the editor names the settings saving lacks, in plain words, and starts no editor; axe passes @mobile', async ({ page }) => {
      await page.route('**/api/content', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'The content editor is not set up on this server: GITHUB_TOKEN, GITHUB_REPOSITORY are not set.',
            missing: ['GITHUB_TOKEN', 'GITHUB_REPOSITORY'],
          }),
        }),
      );
      await page.goto('/admin/content');
      const said = page.getByRole('alert');
      await expect(said).toContainText(fill(copy.errors['not-set-up'], { missing: 'GITHUB_TOKEN, GITHUB_REPOSITORY' }));
      await expect(said).not.toContainText('API_ERROR');
      await expect(page.locator('#nc-root')).toBeHidden();
      await expectNoAxeViolations(page);
    });
  });

  test('on a phone the page says the editor needs a wider screen @mobile', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the phone’s view');
    await page.goto('/admin/content');
    await expect(page.getByText(copy.narrowScreen)).toBeVisible();
    await expectNoAxeViolations(page, { exclude: '#nc-root' });
  });
});

test.describe('an editor', () => {
  test.use({ storageState: EDITOR_STATE });

  test('saves too, in her name', async ({ page }) => {
    await saveFirstTestimonial(page);
    expect((await commits(page))[0]).toMatchObject({ message: `Content: ${TESTIMONIALS} (by ${EDITOR.email})`, author: { email: EDITOR.email } });
  });
});
