/**
 * Under `npm run dev` (in a copy of the checkout: tools/dev-copy.mjs), signed in as the admin: the
 * content editor saves a testimonial into src/content/testimonials.json and / shows it; an emptied
 * required field is refused on the field with the build's message, and the file stays as it was.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { devCopyDir } from '../../tools/dev-copy.mjs';
import type { ContentEditorCopy } from '../../src/features/content-editor/schema';

const { contentEditor: copy } = JSON.parse(readFileSync(new URL('../../src/content/pages/admin.json', import.meta.url), 'utf8')) as { contentEditor: ContentEditorCopy };
const port = Number(process.env.E2E_DEV_PORT ?? 4392);
const file = () => join(devCopyDir(port), 'src/content/testimonials.json');
const testimonials = () => readFileSync(file(), 'utf8');
const firstText = () => (JSON.parse(testimonials()) as { text: string }[])[0]!.text;

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

async function signIn(page: Page) {
  await page.goto('/auth');
  await page.locator('form').first().waitFor();
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('admin-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin$/);
}

/** The testimonials' form, its first testimonial open (Decap's list items open with their top bar's first button). */
async function openFirstTestimonial(page: Page) {
  await page.goto('/admin/content#/collections/testimonials/entries/testimonials');
  const item = page.locator('#nc-root').getByText('jasmine-t', { exact: true }).locator('xpath=..');
  await item.locator('button').first().click();
  return page.locator('#nc-root textarea:visible').first();
}

async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Publish now').click();
}

test('a saved testimonial is in the file at once, and / shows it', async ({ page }) => {
  await signIn(page);
  const text = await openFirstTestimonial(page);
  const changed = `${firstText()} (${Date.now()})`;
  await text.fill(changed);
  await publish(page);
  await expect.poll(firstText).toBe(changed);
  // The dev server reloads the page as the file changes: the reloaded page says it.
  await expect(page.getByText(copy.saved['working-tree']).first()).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(changed).first()).toBeAttached();
});

test('an emptied required field is refused on the field with the build’s message; the file stays', async ({ page }) => {
  await signIn(page);
  const before = testimonials();
  const text = await openFirstTestimonial(page);
  await text.fill('');
  await publish(page);
  await expect(page.locator('#nc-root li').filter({ hasText: 'must not be empty' })).toBeVisible();
  expect(testimonials()).toBe(before);
});

test('a new free guide with its picture: the form says its group before the save; /guides shows it', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/content#/collections/resources/new');
  const form = page.locator('#nc-root');
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
  await page.goto('/guides');
  await expect(page.getByText(title).first()).toBeAttached();
});
