/**
 * Every message the content editor can show is in the marketer's words: all of its copy
 * (admin.json → contentEditor), every refusal of the endpoint (each reason, with the details its
 * answer carries, its problems placed as the form places them) and a picture refused when picked.
 * None names a repository path, a content file, a key of the JSON or HTTP's own words; the one
 * exception is the hosting settings (GITHUB_TOKEN…) a sentence asks the site's owner or developer
 * to set, renew or give access: they are the names those people find them by.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fill } from '~/features/admin/text';
import { refusal } from '~/features/content-editor/browser/content-client';
import { editorConfig } from '~/features/content-editor/browser/editor-config';
import { EntryNames } from '~/features/content-editor/browser/entry-names';
import { type PlacedCollection, problemPlace } from '~/features/content-editor/browser/problem-place';
import { REFUSAL_REASONS, type RefusalReason } from '~/features/content-editor/shared/answers';
import { MAX_IMAGE_BYTES, pictureProblem } from '~/features/content-editor/shared/image-bytes';
import adminPage from '../../src/content/pages/admin.json';

const copy = adminPage.contentEditor;
const SAVED = 'src/content/resources/glute-program.json';
const OTHER = 'src/content/resources/fast-food-guide.json';
const SETTINGS = 'src/content/pages/settings.json';
const SETTING_NAMES = ['GITHUB_TOKEN', 'GITHUB_REPOSITORY', 'GITHUB_BRANCH'];

/** What must never reach her, each with why. */
const NOT_HER_WORDS: [RegExp, string][] = [
  [/src\//, 'a repository path'],
  [/\.json\b/i, 'a content file'],
  [/images\//, 'a folder of pictures'],
  [/API_ERROR/, "Decap's error name"],
  [/\b[a-z]+[A-Z]\w*/, 'a key (camelCase)'],
  [/\b[a-z]\w*\.[a-z]\w*\b/i, 'a key path (a.b)'],
  [/\[\d+\]/, 'a list index'],
  [/\b\w+_\w+\b/, 'a key or a setting (snake_case)'],
  [/\{\w+\}/, 'a token left unfilled'],
  [/\b(HTTP|JSON|API|endpoint|status)\b|\b[45]\d\d\b/i, "HTTP's words"],
];

/** A picture's own name, which she gave it, may be said. */
const PICTURE_NAME = /\b[\w-]+\.(?:jpe?g|png|webp|avif)\b/gi;

function unwelcome(message: string, allowed: readonly string[] = []): string[] {
  let text = message.replace(PICTURE_NAME, 'picture');
  for (const name of allowed) text = text.replaceAll(name, 'setting');
  return NOT_HER_WORDS.filter(([pattern]) => pattern.test(text)).map(([, why]) => `${why}: ${message}`);
}

/** Every string of the copy, with the tokens the code fills in taken out. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value.replace(/%?\{\w+\}/g, 'x')];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/** The problems a refusal carries: fields of the saved entry (nested, in a list), of another entry, a picture. */
const PROBLEMS = [
  { file: SAVED, line: 2, column: 3, field: 'title', message: 'must not be empty' },
  { file: SAVED, line: 5, column: 5, field: 'bullets[1]', message: 'must not be empty' },
  { file: OTHER, line: 12, column: 3, field: 'featured', message: 'exactly one guide may be featured' },
  { file: 'src/content/images/resources/big-photo.jpg', line: 1, column: 1, field: '', message: 'a picture may be 10 MB at most' },
  { file: SETTINGS, line: 40, column: 5, field: 'embeds.formEmbedScript', message: 'only the site’s owner may change it' },
  { file: SETTINGS, line: 54, column: 3, field: 'metaPixelId', message: 'only the site’s owner may change it' },
];

describe('the rule beside every picture field', () => {
  it('names exactly the formats the check takes (shared/image-bytes.ts), and its limit', async () => {
    const NAMES = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF', gif: 'GIF', tiff: 'TIFF' } as const;
    const rule = fill(copy.pictures.rules, { megabytes: MAX_IMAGE_BYTES / 1024 / 1024 });
    const square = sharp({ create: { width: 8, height: 8, channels: 3, background: '#0abab5' } });
    for (const [format, name] of Object.entries(NAMES) as [keyof typeof NAMES, string][]) {
      const bytes = new Uint8Array(await square.clone().toFormat(format).toBuffer());
      const taken = (await pictureProblem(`cover.${format === 'jpeg' ? 'jpg' : format}`, bytes)) === null;
      expect(new RegExp(`\\b${name}\\b`).test(rule), `${name}: taken ${taken}, named ${!taken}`).toBe(taken);
    }
    expect(rule).toContain(`${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  });
});

describe('what the content editor says', () => {
  it('its copy', () => {
    const all = strings(copy);
    expect(all.length).toBeGreaterThan(40);
    expect(all.flatMap((text) => unwelcome(text, SETTING_NAMES))).toEqual([]);
  });

  it('every refusal, for an admin and an editor, with the details its answer carries', () => {
    const names = new EntryNames();
    names.read(OTHER, JSON.stringify({ title: 'Fast Food Guide' }));
    const said: string[] = [];
    for (const role of ['admin', 'editor'] as const) {
      const collections = editorConfig(role).collections as unknown as PlacedCollection[];
      const placeOf = problemPlace({ collections, words: copy.problems, entryName: names.nameOf }, [SAVED, SETTINGS]);
      for (const reason of Object.keys(REFUSAL_REASONS) as RefusalReason[]) {
        const answer = {
          error: `src/content/x.json: ${reason} (API_ERROR)`,
          reason,
          problems: PROBLEMS,
          missing: SETTING_NAMES,
          retryAt: '2026-11-28T14:05:00Z',
          limitMegabytes: 25,
        };
        said.push(refusal(REFUSAL_REASONS[reason], answer, copy.errors, placeOf).message);
      }
      said.push(refusal(null, null, copy.errors, placeOf).message, refusal(502, '<html>Bad gateway</html>', copy.errors, placeOf).message);
    }
    expect(said.flatMap((message) => unwelcome(message, SETTING_NAMES))).toEqual([]);
    // The problems are there, placed in words.
    expect(said.join('\n')).toContain(fill(copy.problems.inEntry, { field: 'Featured', entry: '“Fast Food Guide”' }));
  });

  it('a picture refused when it is picked', async () => {
    const big = new Uint8Array(17 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const problems = [await pictureProblem('big-photo.jpg', big), await pictureProblem('notes.jpg', new TextEncoder().encode('a shopping list'))];
    expect(problems.every(Boolean)).toBe(true);
    const said = [
      ...problems.map((problem) => fill(copy.pictures.refused, { problem: problem! })),
      fill(copy.pictures.rules, { megabytes: MAX_IMAGE_BYTES / 1024 / 1024 }),
    ];
    expect(said.flatMap((message) => unwelcome(message))).toEqual([]);
  });
});
