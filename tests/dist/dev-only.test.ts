/**
 * What only `npm run dev` serves never reaches the build: the local test form and its script
 * (src/integrations/local-lead-form/), the local test scheduler and its script
 * (src/integrations/local-scheduler/); the guides page embeds the real lead platform, and every
 * page's booking dialog the real scheduling widget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import settings from '../../src/content/pages/settings.json';
import guides from '../../src/content/pages/guides.json';
import { LOCAL_LEAD_FORM_BASE } from '../../src/features/get-resource/lead-form';
import { LOCAL_SCHEDULER_BASE } from '../../src/features/booking/local-scheduler';
import { bookingWidgetUrl } from '../../src/features/booking/booking';
import { DIST, readPage, textFiles } from './dist-files';

test('dist/ holds no local test form or scheduler, no route of them and no mention of them', () => {
  expect(existsSync(join(DIST, ...LOCAL_LEAD_FORM_BASE.split('/')))).toBe(false);
  expect(existsSync(join(DIST, ...LOCAL_SCHEDULER_BASE.split('/')))).toBe(false);
  const mentions = [
    LOCAL_LEAD_FORM_BASE,
    guides.localTestForm.label,
    '__LOCAL_LEAD_FORM__',
    LOCAL_SCHEDULER_BASE,
    settings.localTestScheduler.label,
    settings.localTestScheduler.confirm,
    '__LOCAL_SCHEDULER__',
  ];
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

test('every page’s booking dialog embeds the real scheduling widget', () => {
  for (const path of ['/', '/guides', '/thank-you']) {
    const html = readPage(path);
    expect(html, path).toContain(bookingWidgetUrl(settings.embeds.bookingHost, settings.embeds.bookingWidgetId));
    expect(html, path).toContain(settings.embeds.formEmbedScript);
  }
});
