/**
 * The content editor's page as a person uses it, for the end-to-end tests of the deployed editor
 * (tests/e2e) and of `npm run dev` (tests/e2e-dev): an entry's form, Publish, Decap's toasts, the
 * editor's own copy, and the pictures the picture check refuses.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type Page, expect } from '@playwright/test';
import { fill } from '../../src/features/admin/text';
import type { ContentEditorCopy } from '../../src/features/content-editor/shared/schema';

export const editorCopy = (JSON.parse(readFileSync(new URL('../../src/content/pages/admin.json', import.meta.url), 'utf8')) as { contentEditor: ContentEditorCopy })
  .contentEditor;

/** Decap's bundle is large (under `npm run dev` most of all): on a busy machine its first render takes a while. */
export const DECAP_STARTS_MS = 90_000;

/** An entry's form (`settings/entries/settings`, `resources/entries/fast-food-guide`), loaded. */
export async function openEntry(page: Page, hash: string) {
  await page.goto(`/admin/content#/collections/${hash}`);
  const form = page.locator('#nc-root');
  await form.locator('label').first().waitFor({ timeout: DECAP_STARTS_MS });
  return form;
}

/** The testimonials' form, its first testimonial open (Decap's list items open with their top bar's first button); its text area. */
export async function openFirstTestimonial(page: Page) {
  const form = await openEntry(page, 'testimonials/entries/testimonials');
  await form.getByText('Jasmine T.', { exact: true }).locator('xpath=..').locator('button').first().click();
  return form.locator('textarea:visible').first();
}

export async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Publish now').click();
}

/** Decap's toasts. */
export const decapToast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });

/** A 17 MB "photo" (a JPEG's first bytes, then nothing) and a text file named .jpg, written to `dir`, with what the editor says of each. */
export function wrongPictures(outputPath: (name: string) => string): { file: string; said: string }[] {
  const big = outputPath('big-photo.jpg');
  const bytes = Buffer.alloc(17 * 1024 * 1024);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  writeFileSync(big, bytes);
  const text = outputPath('notes.jpg');
  writeFileSync(text, 'a shopping list\n');
  const refused = (problem: string) => fill(editorCopy.pictures.refused, { problem });
  return [
    { file: big, said: refused('big-photo.jpg is 17.0 MB: a picture may be 10 MB at most. Save it smaller, then pick it again') },
    { file: text, said: refused('notes.jpg is not a picture the site can show: pick a JPEG, PNG, WebP or AVIF picture of 10 MB at most') },
  ];
}

/** Picks each wrong picture for the form's picture field: each is refused in words, and the library closes. */
export async function pickWrongPictures(page: Page, pictures: { file: string; said: string }[]) {
  const form = page.locator('#nc-root');
  for (const { file, said } of pictures) {
    await form.getByRole('button', { name: /Choose (an|different) image/ }).click();
    await page.locator('input[type="file"]').setInputFiles(file);
    await expect(decapToast(page, said)).toBeVisible();
    // The library closes: its window would hide the toast; the picture is not among the entry's.
    await expect(page.getByRole('button', { name: /Choose selected/ })).toBeHidden();
  }
}
