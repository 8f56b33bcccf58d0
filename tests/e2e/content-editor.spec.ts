/**
 * The content editor as deployed (the production build under wrangler, no GitHub settings): the
 * dashboard links to it with a full page load, and the page says in plain words which settings
 * saving lacks, instead of starting an editor that could save nothing; its page passes axe.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { ADMIN_STATE } from './auth-state';
import { expectNoAxeViolations, openDashboard } from './admin-helpers';
import { fill } from '../../src/features/admin/text';
import type { ContentEditorCopy } from '../../src/features/content-editor/schema';

const { contentEditor: copy } = JSON.parse(readFileSync(new URL('../../src/content/pages/admin.json', import.meta.url), 'utf8')) as { contentEditor: ContentEditorCopy };

// The 503 itself; and Decap's bundled libraries probe once, as the editor's code loads, whether the
// page may evaluate code (inside try/catch) and go on without it: the policy reports each probe.
test.use({ storageState: ADMIN_STATE, allowedErrors: /status of 503|CSP violation: script-src blocked eval \(\S*\/_astro\/start\.[\w-]+\.js:\d+\)/ });

test('the dashboard’s link opens the editor, which names the settings saving lacks; axe passes @mobile', async ({ page }, testInfo) => {
  await openDashboard(page);
  await page.getByRole('link', { name: copy.link }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  await expect(page.getByRole('heading', { level: 1, name: copy.heading })).toBeVisible();
  const said = page.getByRole('alert');
  await expect(said).toContainText(fill(copy.errors.notConfigured, { missing: '' }).split(':')[0]!);
  await expect(said).toContainText('GITHUB_TOKEN');
  await expect(said).not.toContainText('API_ERROR');
  await expect(page.locator('#nc-root')).toBeHidden();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('content-editor-not-configured.png') });
});
