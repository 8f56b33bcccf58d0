/**
 * Under `npm run dev` (in a copy of the checkout: tools/dev-copy.mjs), signed in as the admin: the
 * content editor saves a testimonial into src/content/testimonials.json and / shows it; an emptied
 * required field is refused on the field with the build's message, and the file stays as it was.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { devCopyDir } from '../../tools/dev-copy.mjs';

const port = Number(process.env.E2E_DEV_PORT ?? 4392);
const testimonials = () => readFileSync(join(devCopyDir(port), 'src/content/testimonials.json'), 'utf8');
const firstText = () => (JSON.parse(testimonials()) as { text: string }[])[0]!.text;

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
