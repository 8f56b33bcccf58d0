/**
 * The content editor as deployed: the production build under wrangler, its Pages Function saving
 * to a fake GitHub (tests/support/fake-github.mjs, started with the preview), at 1280 px, as the
 * coach and as the marketer. The dashboard links to it; a save is one commit in her name; Site
 * settings save with the pixel off; ticking Featured on another guide moves it in one commit; a
 * wrong picture is refused when picked; a field is checked as she leaves it; a date is picked; a
 * guide's group is chosen; GitHub refusing is said in her words; the marketer sees what only the
 * owner may change read-only and not the owner's collections, and her header links to the editor.
 * (npm run dev's working tree: tests/e2e-dev/content-editor.spec.ts.)
 */
import { type Page, expect, test } from './fixtures';
import { ADMIN_STATE, EDITOR_STATE } from './auth-state';
import { ADMIN, DECAP_EVAL_PROBES, EDITOR, expectNoAxeViolations, openDashboard } from './admin-helpers';
import { fill } from '../../src/features/admin/text';
import {
  DECAP_STARTS_MS,
  decapToast,
  editorCopy as copy,
  openEntry,
  openFirstTestimonial,
  pickWrongPictures,
  publish,
  wrongPictures,
} from '../support/content-editor-page';

const GITHUB = `http://127.0.0.1:${process.env.E2E_GITHUB_PORT ?? 54340}`;
const REPOSITORY = 'kayla-reyes/coach-site';
const TESTIMONIALS = 'src/content/testimonials.json';
const SETTINGS = 'src/content/pages/settings.json';
const GUIDES = 'src/content/resources';

test.use({ allowedErrors: DECAP_EVAL_PROBES });
// The saves edit the same files of one fake repository: run side by side, the later one is rightly
// refused as stale (409), so this file's tests run one after the other. Each walks through several
// of the editor's forms, with Decap's large bundle to start first.
test.describe.configure({ mode: 'default', timeout: 120_000 });

interface Commit {
  message: string;
  author: { email: string };
  files: { path: string; status: string }[];
}
/** The fake repository's branch: its commits, newest first. */
const commits = async (page: Page) => (await (await page.request.get(`${GITHUB}/_log`)).json()) as Commit[];

/** A file on the branch, through GitHub's contents API, as the site's build will read it. */
async function repoFile<T = Record<string, unknown>>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(`${GITHUB}/repos/${REPOSITORY}/contents/${path}?ref=main`, {
    headers: { authorization: 'Bearer fake-github-token', 'user-agent': 'content-editor-test', accept: 'application/vnd.github+json' },
  });
  const { content } = (await answer.json()) as { content: string };
  return JSON.parse(Buffer.from(content, 'base64').toString('utf8')) as T;
}

/** Changes the members claim in Site settings and publishes it; the settings before and the claim saved. */
async function saveMembersClaim(page: Page) {
  const before = await repoFile(page, SETTINGS);
  expect(before.metaPixelId).toBe('');
  const form = await openEntry(page, 'settings/entries/settings');
  const members = `${Date.now() % 100000}+`;
  await form.getByLabel('Members', { exact: true }).fill(members);
  await publish(page);
  await expect(decapToast(page, copy.saved.github)).toBeVisible();
  const after = await repoFile<Record<string, unknown> & { claims: Record<string, unknown> }>(page, SETTINGS);
  expect(after).toEqual({ ...before, claims: { ...(before.claims as object), members } });
  return after;
}

test.describe('the admin', () => {
  test.use({ storageState: ADMIN_STATE });

  test('opens the editor from the dashboard; a save is one commit in her name; the page passes axe and the keyboard reaches the editor', async ({ page }, testInfo) => {
    await openDashboard(page);
    await page.getByRole('link', { name: copy.link }).click();
    await expect(page).toHaveURL(/\/admin\/content$/);
    await expect(page.getByRole('heading', { level: 1, name: copy.heading })).toBeVisible();
    await expect(page.locator('#nc-root').getByText('Collections')).toBeVisible({ timeout: DECAP_STARTS_MS });
    await expectNoAxeViolations(page, { exclude: '#nc-root' });
    await page.screenshot({ path: testInfo.outputPath('content-editor-1280.png') });
    // From the top of the page, Tab goes through the site's header and the editor's bar into the editor.
    await page.locator('body').focus();
    let inside = false;
    for (let press = 0; press < 40 && !inside; press += 1) {
      await page.keyboard.press('Tab');
      inside = await page.evaluate(() => !!document.activeElement?.closest('#nc-root'));
    }
    expect(inside, 'Tab reaches the editor').toBe(true);

    const before = (await commits(page)).length;
    const text = await openFirstTestimonial(page);
    const changed = `Saved from the deployed editor (${Date.now()})`;
    await text.fill(changed);
    await publish(page);
    await expect(decapToast(page, copy.saved.github)).toBeVisible();
    const after = await commits(page);
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ message: `Content: ${TESTIMONIALS} (by ${ADMIN.email})`, author: { email: ADMIN.email } });
    expect((await repoFile<{ text: string }[]>(page, TESTIMONIALS))[0]!.text).toBe(changed);
  });

  test('changes the members claim in Site settings with the pixel off, and nothing else of the file changes', async ({ page }) => {
    await saveMembersClaim(page);
    expect((await commits(page))[0]).toMatchObject({ author: { email: ADMIN.email }, files: [{ path: SETTINGS, status: 'modified' }] });
  });

  test('ticks Featured on another guide and publishes: one commit makes it the featured one and unticks the previous one', async ({ page }) => {
    const next = 'fast-food-guide';
    const guides = ['fit-batty-blueprint', next];
    const featuredBefore = await Promise.all(guides.map(async (id) => (await repoFile(page, `${GUIDES}/${id}.json`)).featured));
    expect(featuredBefore).toEqual([true, false]);
    const form = await openEntry(page, `resources/entries/${next}`);
    const toggle = form.getByRole('switch').first();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await publish(page);
    await expect(decapToast(page, copy.saved.github)).toBeVisible();
    expect(await Promise.all(guides.map(async (id) => (await repoFile(page, `${GUIDES}/${id}.json`)).featured))).toEqual([false, true]);
    expect((await commits(page))[0]!.files.map((file) => file.path).sort()).toEqual(guides.map((id) => `${GUIDES}/${id}.json`).sort());
  });

  test('a 17 MB photo and a text file named .jpg are refused when picked, with the rule in words', async ({ page }, testInfo) => {
    const form = await openEntry(page, 'resources/entries/elite-bench-program');
    await expect(form.getByText(fill(copy.pictures.rules, { megabytes: 10 }))).toBeVisible();
    await pickWrongPictures(
      page,
      wrongPictures((name) => testInfo.outputPath(name)),
    );
    await page.screenshot({ path: testInfo.outputPath('picture-refused-1280.png') });
  });

  test('a field is checked as she leaves it, with the build’s message, and again as she types; published as it is, it is refused there', async ({ page }) => {
    const form = await openEntry(page, 'settings/entries/settings');
    const members = form.getByLabel('Members', { exact: true });
    const message = form.locator('li').filter({ hasText: 'must not be empty' });
    await members.fill('');
    await expect(message, 'not while typing before she leaves').toHaveCount(0);
    await members.press('Tab');
    await expect(message).toBeVisible();
    // Published as it is, it is refused on the field, and nothing is committed.
    const before = (await commits(page)).length;
    await publish(page);
    await expect(message).toBeVisible();
    expect((await commits(page)).length).toBe(before);
    await members.fill('300+');
    await expect(message).toHaveCount(0);
  });

  test('a legal page’s date is picked with a date picker, and the file keeps YYYY-MM-DD', async ({ page }) => {
    const legal = await openEntry(page, 'legalPages/entries/privacy');
    const updated = legal.getByLabel('Updated', { exact: true });
    await expect(updated).toHaveAttribute('type', 'date');
    await updated.fill('2026-12-01');
    await publish(page);
    await expect(decapToast(page, copy.saved.github)).toBeVisible();
    expect((await repoFile(page, 'src/content/pages/legal/privacy.json')).updated).toBe('2026-12-01');
  });

  test('a guide’s group on /guides is chosen, and Automatic leaves it out of the file', async ({ page }) => {
    const path = `${GUIDES}/glute-program.json`;
    const form = await openEntry(page, 'resources/entries/glute-program');
    await form.getByLabel('Group on /guides').selectOption({ label: 'Strength Guides' });
    await expect(form.locator('output')).toContainText('Strength Guides');
    await publish(page);
    await expect(decapToast(page, copy.saved.github)).toBeVisible();
    expect((await repoFile(page, path)).group).toBe('strength');
    const again = await openEntry(page, 'resources/entries/glute-program');
    await again.getByLabel('Group on /guides').selectOption({ label: copy.guideGroup.automatic });
    await publish(page);
    await expect(decapToast(page, copy.saved.github).nth(1)).toBeVisible();
    await expect.poll(async () => 'group' in (await repoFile(page, path))).toBe(false);
  });

  test.describe('when GitHub refuses', () => {
    // Decap logs the refusal it shows, as an error.
    test.use({ allowedErrors: new RegExp(`status of 429|ContentError: GitHub allows more saves|${DECAP_EVAL_PROBES.source}`) });

    test('the editor says when GitHub takes saves again, by her clock, and nothing is committed', async ({ page }) => {
      const resetAt = new Date(Date.now() + 25 * 60_000);
      const text = await openFirstTestimonial(page);
      await text.fill(`Not saved while GitHub refuses (${Date.now()})`);
      const before = (await commits(page)).length;
      await page.request.post(`${GITHUB}/_refuse`, { data: { kind: 'rate-limit', resetAt: resetAt.toISOString() } });
      try {
        await publish(page);
        // Her own clock: the browser's time zone and 24-hour time, as the editor says it.
        const time = await page.evaluate(
          (iso) => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso)),
          resetAt.toISOString(),
        );
        await expect(decapToast(page, fill(copy.errors['github-rate-limit'], { time }))).toBeVisible();
      } finally {
        await page.request.delete(`${GITHUB}/_refuse`);
      }
      expect((await commits(page)).length).toBe(before);
    });
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
            reason: 'not-set-up',
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

  test('on a phone the page says the editor needs a wider screen, with no form cut off behind it @mobile', async ({ page, isMobile }, testInfo) => {
    test.skip(!isMobile, 'the phone’s view');
    await page.goto('/admin/content');
    await expect(page.getByText(copy.narrowScreen)).toBeVisible();
    await expect(page.locator('#nc-root')).toBeHidden();
    await expectNoAxeViolations(page, { exclude: '#nc-root' });
    await page.screenshot({ path: testInfo.outputPath('content-editor-390.png') });
  });
});

test.describe('an editor', () => {
  test.use({ storageState: EDITOR_STATE });

  test('saves the members claim in her name, with the pixel off; sees the embed script read-only and not the owner’s collections; her way out is the site', async ({
    page,
  }, testInfo) => {
    await saveMembersClaim(page);
    expect((await commits(page))[0]).toMatchObject({ message: `Content: ${SETTINGS} (by ${EDITOR.email})`, author: { email: EDITOR.email } });

    const form = await openEntry(page, 'settings/entries/settings');
    const script = form.getByLabel('Form embed script', { exact: true });
    await expect(script).toHaveAttribute('readonly', '');
    await expect(script).toHaveValue(String((await repoFile<{ embeds: Record<string, string> }>(page, SETTINGS)).embeds.formEmbedScript));
    await expect(form.getByText(copy.ownerOnly.note).first()).toBeVisible();
    await expect(form.getByLabel('Site name', { exact: true })).toBeEditable();
    await page.screenshot({ path: testInfo.outputPath('editor-settings-1280.png') });

    await expect(page.getByRole('link', { name: copy.backToSite })).toHaveAttribute('href', '/');
    await page.goto('/admin/content#/');
    const nav = page.locator('#nc-root');
    await expect(nav.getByRole('link', { name: 'Site settings', exact: true }).first()).toBeVisible({ timeout: DECAP_STARTS_MS });
    await expect(nav.getByRole('link', { name: 'Admin image catalogue' })).toHaveCount(0);
    await expect(nav.getByText('Media', { exact: true }), 'no global Media page').toBeHidden();
    await page.goto('/admin/content#/collections/pages');
    await expect(nav.getByText('Guides page')).toBeVisible();
    await expect(nav.getByText('Sign-in page')).toHaveCount(0);
    await expect(nav.getByText('Admin dashboard')).toHaveCount(0);
  });
});

test.describe('a signed-in editor on the site', () => {
  test('her header on a public page links to the content editor and signs out', async ({ page }) => {
    // Signed in here, not from the shared session: signing out ends this session only.
    await page.goto('/auth');
    await page.getByLabel('Email').fill(EDITOR.email);
    await page.getByLabel('Password', { exact: true }).fill(EDITOR.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/admin\/content/);
    await page.goto('/guides');
    const header = page.locator('header').first();
    await expect(header.getByRole('link', { name: copy.headerLink })).toHaveAttribute('href', '/admin/content');
    await expect(header.getByRole('link', { name: 'Admin', exact: true })).toBeHidden();
    await header.getByRole('button', { name: 'Sign Out' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.locator('header').first().getByRole('link', { name: copy.headerLink })).toBeHidden();
  });
});
