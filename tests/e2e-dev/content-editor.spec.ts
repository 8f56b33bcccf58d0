/**
 * Under `npm run dev` (in a copy of the checkout: tools/dev-copy.mjs), signed in as the admin: what
 * the content editor writes into the working tree, and what the dev server does with it. A saved
 * testimonial is in the file at once and / shows it, while the editor tab that saved is not
 * reloaded and another editor tab keeps its unsaved changes; a new free guide with its picture is in
 * its file, and /guides shows it. (The form itself, as deployed: tests/e2e/content-editor.spec.ts.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { devCopyDir } from '../../tools/dev-copy.mjs';
import { DECAP_STARTS_MS, decapToast, editorCopy as copy, openEntry, openFirstTestimonial, publish } from '../support/content-editor-page';

const port = Number(process.env.E2E_DEV_PORT ?? 4392);
const inCopy = (path: string) => join(devCopyDir(port), path);
const testimonials = () => readFileSync(inCopy('src/content/testimonials.json'), 'utf8');
const firstText = () => (JSON.parse(testimonials()) as { text: string }[])[0]!.text;
const settingsFile = () => JSON.parse(readFileSync(inCopy('src/content/pages/settings.json'), 'utf8')) as { claims: { members: string } };

/**
 * A fresh dev server reloads the first page that connects, once (Astro writes its content store):
 * not a test's page. Settled: no reload for 3 s.
 */
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  let last = Date.now();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) last = Date.now();
  });
  await page.goto(`http://127.0.0.1:${port}/auth`);
  await expect.poll(() => Date.now() - last, { timeout: 60_000 }).toBeGreaterThan(3000);
  await page.close();
});

/** Signs in at /auth as the stand-in's admin; sign-in lands her on the dashboard. */
async function signIn(page: Page) {
  await page.goto('/auth');
  await page.locator('form').first().waitFor();
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('admin-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin$/);
}

/** A page of the site shows what a save wrote: the dev server rebuilds its content a moment after the file changes. */
async function showsOnSite(page: Page, path: string, shown: (page: Page) => ReturnType<Page['locator']>) {
  await expect(async () => {
    await page.goto(path);
    await expect(shown(page)).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Marks the page, to tell later whether it was reloaded since. */
const mark = (page: Page) => page.evaluate(() => ((window as { openedOnce?: boolean }).openedOnce = true));
const marked = (page: Page) => page.evaluate(() => (window as { openedOnce?: boolean }).openedOnce ?? false);

test('a save is in the file at once and the site shows it; the editor tab is not reloaded, and another editor tab keeps its unsaved changes', async ({
  page,
  context,
}) => {
  await signIn(page);
  const unsaved = `Unsaved words ${Date.now()}`;
  const text = await openFirstTestimonial(page);
  await text.fill(unsaved);
  await mark(page);

  const home = await context.newPage();
  await home.goto('/');
  await mark(home);

  const other = await context.newPage();
  const form = await openEntry(other, 'settings/entries/settings');
  await mark(other);
  const members = `${Date.now() % 1000}+ members`;
  await form.getByLabel('Members', { exact: true }).fill(members);
  await publish(other);
  await expect.poll(() => settingsFile().claims.members).toBe(members);
  await expect(decapToast(other, copy.saved['working-tree'])).toBeVisible();
  // Once it has slid in, Decap's toast is on the screen, whole.
  await expect
    .poll(async () => {
      const box = (await decapToast(other, copy.saved['working-tree']).boundingBox())!;
      return box.x >= 0 && box.y >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 800;
    })
    .toBe(true);
  expect(await marked(other), 'the editor tab that saved was not reloaded').toBe(true);

  // The public page reloads and shows it; the first editor tab still holds what was typed, and saves it.
  await expect(home.getByText(members).first()).toBeAttached();
  expect(await marked(home), 'the public page reloaded').toBe(false);
  await expect(text).toHaveValue(unsaved);
  expect(await marked(page), 'the other editor tab was not reloaded').toBe(true);
  await publish(page);
  await expect.poll(firstText).toBe(unsaved);
  await showsOnSite(home, '/', (site) => site.getByText(unsaved).first());
});

test('a new free guide with its picture: the form says its group before the save; /guides shows it', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/content#/collections/resources/new');
  const form = page.locator('#nc-root');
  await form.locator('label').first().waitFor({ timeout: DECAP_STARTS_MS });
  const title = `Beginner Strength Starter ${Date.now() % 100000}`;
  await form.getByLabel('Title', { exact: true }).fill(title);
  // Tried as a new user would: nothing in it is a strength word of the rule, and the form says so.
  await expect(form.locator('output')).toContainText('Nutrition Guides');
  await form.getByLabel('Subtitle', { exact: true }).fill('Four weeks to your first full workout');
  await form.getByLabel('Description', { exact: true }).fill('A gentle plan for your first month of lifting.');
  await form.getByRole('button', { name: 'Add bullets' }).click();
  await form.getByRole('textbox', { name: 'Bullets', exact: true }).fill('Three short sessions a week');
  await form.getByRole('button', { name: /Choose an image/ }).click();
  await page.locator('input[type="file"]').setInputFiles(join(devCopyDir(port), 'src/content/images/resources/glute-program.jpg'));
  await page.getByRole('button', { name: /Choose selected/ }).click();
  await form.getByLabel('Image alt', { exact: true }).fill('Cover of the Beginner Strength Starter');
  await form.getByLabel('Tag', { exact: true }).fill('Free Guide');
  await page.keyboard.press('Enter');
  await form.getByLabel('Form id').fill('Bg4nR1sT2rT3r4Nw5x6y');
  await form.getByLabel('Order').fill('12');
  await publish(page);
  const id = title.toLowerCase().replaceAll(' ', '-');
  const saved = join(devCopyDir(port), `src/content/resources/${id}.json`);
  await expect.poll(() => existsSync(saved) && readFileSync(saved, 'utf8').includes(title)).toBe(true);
  await showsOnSite(page, '/guides', (guides) => guides.getByText(title).first());
});
