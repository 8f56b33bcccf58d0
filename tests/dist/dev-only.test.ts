/**
 * What only `npm run dev` serves never reaches the build: the local test form and its script
 * (src/integrations/local-lead-form/), and the guides page embeds the real lead platform.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import settings from '../../src/content/pages/settings.json';
import guides from '../../src/content/pages/guides.json';
import { LOCAL_LEAD_FORM_BASE } from '../../src/features/get-resource/lead-form';
import { DIST, readPage, textFiles } from './dist-files';

test('dist/ holds no local test form, no route of it and no mention of it', () => {
  expect(existsSync(join(DIST, ...LOCAL_LEAD_FORM_BASE.split('/')))).toBe(false);
  const mentions = [LOCAL_LEAD_FORM_BASE, guides.localTestForm.label, '__LOCAL_LEAD_FORM__'];
  const found = textFiles(DIST).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return mentions.filter((mention) => text.includes(mention)).map((mention) => `${relative(DIST, file)}: ${mention}`);
  });
  expect(found).toEqual([]);
});

test('/guides embeds the real lead platform', () => {
  const html = readPage('/guides');
  expect(html).toContain(settings.embeds.formEmbedScript);
  expect(html).toContain(settings.embeds.leadFormHost);
});
