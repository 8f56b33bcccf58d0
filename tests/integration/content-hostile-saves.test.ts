/**
 * Saves a careless marketer or an attacker would send, through the content endpoint's core on the
 * working tree of a copy of this checkout (as `npm run dev` saves): each is either refused with a
 * 4xx naming the problem, the files left as they were, or accepted; then `astro build` runs on the
 * tree the accepted ones left, and must pass. The accepted saves change different things and each
 * one's change is checked to be in the tree that is built, so the build covers every one of them
 * (one build: about half a minute from cold here; the copy's node_modules are hard links to this
 * checkout's, so when the site has been built before, as `npm test` does first, its processed
 * pictures are there already).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleContentRequest } from '../../src/features/content-editor/server/content-api';
import { gitBlobSha } from '../../src/features/content-editor/server/store';
import { workingTreeStore } from '../../src/features/content-editor/server/working-tree-store';
import { copyCheckout } from '../../tools/dev-copy.mjs';
import { authorize } from '../support/content-api-calls';
import { JPEG, NEW_GUIDE, base64, testPngs } from '../support/new-guide';

type Json = Record<string, unknown>;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'content-hostile-'));
  copyCheckout(dir);
  // The copy's own build output and content store, never this checkout's.
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const file = (path: string) => readFileSync(join(dir, path));
const data = (path: string) => JSON.parse(file(path).toString('utf8')) as Json;
const exists = (path: string) => {
  try {
    file(path);
    return true;
  } catch {
    return false;
  }
};
const version = async (path: string) => (exists(path) ? gitBlobSha(new Uint8Array(file(path))) : null);
/** Every content file's bytes, to see that a refused save wrote nothing. */
const tree = () =>
  readdirSync(join(dir, 'src/content'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${join(entry.parentPath, entry.name)}:${readFileSync(join(entry.parentPath, entry.name)).toString('base64')}`)
    .sort()
    .join('\n');

async function call(action: string, params: Json, token = 'admin'): Promise<{ status: number; body: Json }> {
  const store = workingTreeStore(dir);
  const request = new Request('http://127.0.0.1/api/content', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action, params }),
  });
  const response = await handleContentRequest(request, { store, authorize, log: () => {} });
  return { status: response.status, body: (await response.json()) as Json };
}

/** A file saved with `change` made to it, as the editor sends it (the version it opened). */
async function saveChanged(path: string, change: (value: Json) => void, token = 'admin', assets: Json[] = []) {
  const value = data(path);
  change(value);
  return call('persistEntry', { dataFiles: [{ path, raw: JSON.stringify(value, null, 2) }], assets, baseShas: { [path]: await version(path) } }, token);
}

async function newGuide(id: string, picture: { name: string; bytes: Uint8Array }, fields: Json = {}) {
  const path = `src/content/resources/${id}.json`;
  const guide = { ...NEW_GUIDE, title: `Guide ${id}`, image: `../images/resources/${picture.name}`, ...fields };
  return call('persistEntry', {
    dataFiles: [{ path, raw: JSON.stringify(guide) }],
    assets: [{ path: `src/content/images/resources/${picture.name}`, content: base64(picture.bytes), encoding: 'base64' }],
    baseShas: { [path]: null },
  });
}

const SETTINGS = 'src/content/pages/settings.json';
const GUIDES = 'src/content/resources';
const guides = () => readdirSync(join(dir, GUIDES)).map((name) => `${GUIDES}/${name}`);
const featured = () => guides().filter((path) => data(path).featured === true);

/** What a refusal must be: a 4xx with its reason and words, nothing written. */
async function expectRefused(send: () => Promise<{ status: number; body: Json }>, status: number, words: RegExp) {
  const before = tree();
  const answer = await send();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(String(answer.body.error)).toMatch(words);
  expect(typeof answer.body.reason).toBe('string');
  expect(tree()).toBe(before);
}

describe('hostile saves, then the build', () => {
  it('refuses each one that would break the build or change what the site trusts, and the tree the others leave builds', async () => {
    const { whole: png, broken: brokenPng } = await testPngs();

    // Links: every href and address by the one rule.
    await expectRefused(
      () => saveChanged(SETTINGS, (s) => ((s.cta as Json).href = 'javascript:alert(1)')),
      422,
      /Site settings › Call to action › Href: must be a page of this site/,
    );
    await expectRefused(() => saveChanged(SETTINGS, (s) => ((s.cta as Json).href = 'data:text/html,<script>alert(1)</script>')), 422, /Href/);
    await expectRefused(() => saveChanged(SETTINGS, (s) => ((s.cta as Json).href = '\njava\tscript:alert(1)')), 422, /Href/);
    await expectRefused(
      () => saveChanged(SETTINGS, (s) => (((s.socials as Json[])[0] as Json).url = 'javascript:alert(document.domain)')),
      422,
      /Socials › Item 1 › Url/,
    );
    await expectRefused(
      () => saveChanged('src/content/pages/thank-you/call.json', (page) => (((page.buttons as Json[])[0] as Json).href = 'JaVaScRiPt:alert(1)')),
      422,
      /Buttons › Item 1 › Href/,
    );
    // Pictures: read as the build reads them.
    const header = JPEG.slice(0, 20);
    await expectRefused(() => newGuide('header-only', { name: 'header-only.jpg', bytes: header }), 422, /header-only\.jpg is damaged or cut short/);
    await expectRefused(() => newGuide('cut-short', { name: 'cut-short.jpg', bytes: JPEG.slice(0, JPEG.length - 40) }), 422, /cut-short\.jpg is damaged/);
    await expectRefused(() => newGuide('broken-png', { name: 'broken-png.png', bytes: brokenPng }), 422, /broken-png\.png is damaged/);
    await expectRefused(() => newGuide('text-file', { name: 'text-file.jpg', bytes: new TextEncoder().encode('hello') }), 422, /not a picture the site can show/);
    await expectRefused(() => newGuide('outside', { name: '../../../public/x.jpg', bytes: JPEG }), 422, /name may hold lower-case letters/);
    await expectRefused(
      () => saveChanged(`${GUIDES}/fast-food-guide.json`, (guide) => (guide.image = '../../../package.json')),
      422,
      /must be one of the site’s pictures/,
    );
    // Values the build refuses.
    await expectRefused(() => saveChanged('src/content/pages/legal/privacy.json', (page) => (page.updated = 'December 2, 2026')), 422, /must be a date like/);
    await expectRefused(() => saveChanged('src/content/pages/legal/privacy.json', (page) => (page.updated = '2026-02-31')), 422, /must be a day of the calendar/);
    await expectRefused(() => saveChanged(`${GUIDES}/fast-food-guide.json`, (guide) => (guide.formId = 'a/../b')), 422, /must be the lead form's id/);
    await expectRefused(() => saveChanged(`${GUIDES}/fast-food-guide.json`, (guide) => (guide.group = 'bogus')), 422, /Group on \/guides/);
    await expectRefused(() => saveChanged(SETTINGS, (s) => ((s.spotsBadge as Json).one = '{count} spot left')), 422, /must contain \{month\}/);
    await expectRefused(() => saveChanged(SETTINGS, (s) => (((s.nav as Json[])[0] as Json).anchor = 'elsewhere')), 422, /Nav › Item 1 › Anchor/);
    await expectRefused(() => saveChanged(SETTINGS, (s) => (s.ogImage = '/x.svg')), 422, /address of a picture of this site/);
    await expectRefused(
      () => saveChanged('src/content/testimonials.json', (list) => ((list as unknown as Json[])[1]!.id = (list as unknown as Json[])[0]!.id)),
      422,
      /is the id of an entry above/,
    );
    // What the site trusts, from an editor.
    await expectRefused(
      () => saveChanged(SETTINGS, (s) => ((s.embeds as Json).formEmbedScript = 'https://evil.example/x.js'), 'editor'),
      403,
      /Form embed script: only the site’s owner/,
    );
    await expectRefused(
      () => saveChanged('src/content/pages/auth.json', (page) => ((page.signIn as Json).title = 'Type your password again'), 'editor'),
      403,
      /^Not saved: Sign-in page: only the site’s owner can change this\.$/,
    );
    // Versions and shapes.
    const overExisting = { path: `${GUIDES}/fast-food-guide.json`, raw: JSON.stringify(NEW_GUIDE) };
    await expectRefused(() => call('persistEntry', { dataFiles: [overExisting], baseShas: { [overExisting.path]: null } }), 409, /is already there/);
    await expectRefused(() => call('persistEntry', { dataFiles: [{ path: SETTINGS, raw: file(SETTINGS).toString() }] }), 428, /reload the editor/);
    await expectRefused(
      async () => call('persistEntry', { dataFiles: [{ path: SETTINGS, raw: '['.repeat(10_000) }], baseShas: { [SETTINGS]: await version(SETTINGS) } }),
      400,
      /nests/,
    );
    // The featured guide cannot be left without one, nor deleted.
    const [wasFeatured] = featured();
    await expectRefused(() => saveChanged(wasFeatured!, (guide) => (guide.featured = false)), 422, /one entry always has Featured ticked/);
    await expectRefused(
      async () => call('deleteFiles', { paths: [wasFeatured], baseShas: { [wasFeatured!]: await version(wasFeatured!) } }),
      422,
      /tick Featured on another entry first/,
    );

    // A picture shared across collections, its first owner removed, then deleted: refused.
    const avatars = data('src/content/avatars.json') as unknown as Json[];
    const shared = String(avatars[0]!.image);
    const sharedPath = `src/content/${shared.replace(/^\.\//, '')}`;
    expect((await saveChanged('src/content/transformations.json', (list) => (((list as unknown as Json[])[0] as Json).image = shared))).status).toBe(200);
    expect((await saveChanged('src/content/avatars.json', (list) => (list as unknown as Json[]).splice(0, 1))).status).toBe(200);
    await expectRefused(
      async () => call('deleteFiles', { paths: [sharedPath], baseShas: { [sharedPath]: await version(sharedPath) } }),
      422,
      /still shown by Transformations/,
    );

    // Accepted: the featured guide moves, a guide names its group, a new guide with a whole picture, a key the schema does not know is dropped.
    const next = `${GUIDES}/fast-food-guide.json`;
    expect((await saveChanged(next, (guide) => (guide.featured = true), 'editor')).status).toBe(200);
    expect(featured()).toEqual([next]);
    expect((await saveChanged(`${GUIDES}/glute-program.json`, (guide) => (guide.group = 'strength'), 'editor')).status).toBe(200);
    expect((await newGuide('whole-picture', { name: 'whole-picture.png', bytes: png })).status).toBe(200);
    expect((await saveChanged(SETTINGS, (s) => Object.assign(s, JSON.parse('{"__proto__": {"polluted": true}, "extra": 1}')))).status).toBe(200);
    expect(data(SETTINGS)).not.toHaveProperty('extra');

    // Every accepted change is in the tree that is built.
    expect(((data('src/content/transformations.json') as unknown as Json[])[0] as Json).image).toBe(shared);
    expect((data('src/content/avatars.json') as unknown as Json[]).length).toBe(avatars.length - 1);
    expect(exists(sharedPath)).toBe(true);
    expect(data(`${GUIDES}/glute-program.json`).group).toBe('strength');
    expect(exists('src/content/images/resources/whole-picture.png')).toBe(true);

    const build = spawnSync(join(dir, 'node_modules/.bin/astro'), ['build'], {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(build.status, `${build.stdout}\n${build.stderr}`.slice(-4000)).toBe(0);
    // /guides shows the new featured guide first.
    const guidesPage = readFileSync(join(dir, 'dist/guides.html'), 'utf8');
    const title = String(data(next).title);
    const before = String(data(wasFeatured!).title);
    expect(guidesPage.indexOf(title)).toBeGreaterThan(-1);
    expect(guidesPage.indexOf(title), 'the featured guide comes first').toBeLessThan(guidesPage.indexOf(before));
  }, 300_000);
});
