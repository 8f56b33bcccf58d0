/**
 * What a save of the content editor may change, planned on one snapshot of the content
 * (src/features/content-editor/server/save-plan.ts): what the site trusts is the owner's alone
 * (403 for an editor, naming the field; the file unchanged), the featured guide moves in one save,
 * links and pictures follow the build's rules, a picture any entry shows stays and the pictures
 * nothing shows any more go, a save and a deletion side by side cannot both succeed, and GitHub's
 * refusals reach the editor with the status they mean and a line in the log. Every sentence the
 * endpoint answered with is read at the end: none names a repository path or a JSON key.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { handleContentRequest } from '~/features/content-editor/server/content-api';
import { GithubStoreError, type GithubRefusalKind } from '~/features/content-editor/server/github-refusals';
import type { ContentStore } from '~/features/content-editor/server/store';
import { authorize, caller, expectMarketerWords, textOf, versionOf } from '../support/content-api-calls';
import { type MemoryStore, memoryStore } from '../support/memory-content-store';
import { JPEG, NEW_GUIDE, NEW_GUIDE_PATH, NEW_GUIDE_PICTURE, base64, testPngs } from '../support/new-guide';

let store: MemoryStore;
const log: string[] = [];
beforeEach(() => {
  store = memoryStore();
});
const call = caller(() => store, log);

const SETTINGS = 'src/content/pages/settings.json';
const TRANSFORMATIONS = 'src/content/transformations.json';
const AVATARS = 'src/content/avatars.json';
const GUIDES = 'src/content/resources';
type Json = Record<string, unknown>;
const data = (path: string) => JSON.parse(textOf(store.files, path)) as Json;

/** Saves `path` changed by `change`, with the version it was opened at, as `token`. */
async function saveChanged(path: string, change: (value: Json) => void, token = 'admin', assets: unknown[] = []) {
  const value = data(path);
  change(value);
  return call('persistEntry', { dataFiles: [{ path, raw: JSON.stringify(value, null, 2) }], assets, baseShas: { [path]: await versionOf(store.files, path) } }, token);
}
const saveList = (path: string, change: (list: Json[]) => void, token = 'admin') => saveChanged(path, (list) => change(list as unknown as Json[]), token);
const guides = () => [...store.files.keys()].filter((path) => path.startsWith(`${GUIDES}/`));
const featured = () => guides().filter((path) => data(path).featured === true);

describe('what the site trusts is the owner’s alone', () => {
  const ownerOnly: [string, (settings: Json) => void][] = [
    ['embeds.formEmbedScript', (s) => ((s.embeds as Json).formEmbedScript = 'https://evil.example/x.js')],
    ['embeds.bookingHost', (s) => ((s.embeds as Json).bookingHost = 'https://evil.example')],
    ['embeds.leadFormHost', (s) => ((s.embeds as Json).leadFormHost = 'https://evil.example')],
    ['embeds.bookingWidgetId', (s) => ((s.embeds as Json).bookingWidgetId = 'other-calendar')],
    ['metaPixelId', (s) => (s.metaPixelId = '123456789012345')],
    ['siteUrl', (s) => (s.siteUrl = 'https://evil.example')],
    ['ogImage', (s) => (s.ogImage = '/other.jpg')],
    ['storage.bucket', (s) => ((s.storage as Json).bucket = 'other')],
    ['storage.logo', (s) => ((s.storage as Json).logo = 'brand/other.png')],
    ['consent.policy', (s) => ((s.consent as Json).policy = 'opt-out')],
  ];

  it.each(ownerOnly)('an editor’s change of %s is 403 naming it, and the file stays; the admin’s is saved', async (field, change) => {
    const before = textOf(store.files, SETTINGS);
    const refused = await saveChanged(SETTINGS, change, 'editor');
    expect(refused).toMatchObject({ status: 403, body: { reason: 'owner-only', problems: [expect.objectContaining({ file: SETTINGS, field })] } });
    expect(refused.body.error).toMatch(/^Not saved: Site settings › .+: only the site’s owner can change this\.$/);
    expect(textOf(store.files, SETTINGS)).toBe(before);
    expect((await saveChanged(SETTINGS, change, 'admin')).status).toBe(200);
  });

  it.each([
    ['src/content/pages/admin.json', (page: Json) => ((page.contentEditor as Json).heading = 'Enter your password again')],
    ['src/content/pages/auth.json', (page: Json) => (page.title = 'Enter your password again')],
  ])('an editor’s change of the owner’s page %s is 403; the admin’s is saved', async (path, change) => {
    const before = textOf(store.files, path);
    const refused = await saveChanged(path, change, 'editor');
    expect(refused).toMatchObject({ status: 403, body: { reason: 'owner-only' } });
    expect(textOf(store.files, path)).toBe(before);
    expect((await saveChanged(path, change, 'admin')).status).toBe(200);
  });

  it('an editor still saves the claims, a testimonial and a guide', async () => {
    expect((await saveChanged(SETTINGS, (s) => ((s.claims as Json).members = '350+'), 'editor')).status).toBe(200);
    expect((data(SETTINGS).claims as Json).members).toBe('350+');
    expect((await saveList('src/content/testimonials.json', (list) => (list[0]!.text = 'Changed by the marketer.'), 'editor')).status).toBe(200);
    expect((await saveChanged(`${GUIDES}/fast-food-guide.json`, (guide) => (guide.subtitle = 'A new subtitle'), 'editor')).status).toBe(200);
  });
});

describe('links follow the build’s rule', () => {
  it.each([
    ['a call to action to javascript:', (s: Json) => ((s.cta as Json).href = 'javascript:alert(1)'), 'cta.href'],
    ['a call to action to data:', (s: Json) => ((s.cta as Json).href = 'data:text/html,<script>alert(1)</script>'), 'cta.href'],
    ['a call to action hiding javascript: behind a tab', (s: Json) => ((s.cta as Json).href = 'java\tscript:alert(1)'), 'cta.href'],
    ['a call to action to another site without https', (s: Json) => ((s.cta as Json).href = '//evil.example'), 'cta.href'],
    ['a social profile to javascript:', (s: Json) => (((s.socials as Json[])[0] as Json).url = 'javascript:alert(document.domain)'), 'socials[0].url'],
    ['the shop to http:', (s: Json) => ((s.supplements as Json).shopUrl = 'http://legionathletics.com'), 'supplements.shopUrl'],
  ])('%s is refused on the field (422)', async (_, change, field) => {
    const refused = await saveChanged(SETTINGS, change);
    expect(refused).toMatchObject({ status: 422, body: { reason: 'invalid', problems: [expect.objectContaining({ field })] } });
  });

  it('takes a page, a section, https, mailto: and tel: where a button may go', async () => {
    for (const href of ['/guides', '/#contact', '#contact', 'https://kaylareyes.coach/apply', 'mailto:hello@kaylareyes.coach', 'tel:+15551234567']) {
      expect((await saveChanged(SETTINGS, (s) => ((s.cta as Json).href = href))).status, href).toBe(200);
    }
  });
});

describe('the featured guide moves in one save', () => {
  it('ticking Featured on another guide makes it the featured one and unticks the previous one, in the same save', async () => {
    const [previous] = featured();
    const next = `${GUIDES}/fast-food-guide.json`;
    const saved = await saveChanged(next, (guide) => (guide.featured = true), 'editor');
    expect(saved.status).toBe(200);
    expect(featured()).toEqual([next]);
    expect(store.saves).toHaveLength(1);
    expect(store.saves[0]!.changes.map((change) => change.path).sort()).toEqual([next, previous!].sort());
    expect((saved.body.files as { path: string }[]).map((file) => file.path).sort()).toEqual([next, previous!].sort());
  });

  it('unticking the featured guide alone, or deleting it, is refused in words; the others stay', async () => {
    const [only] = featured();
    const unticked = await saveChanged(only!, (guide) => (guide.featured = false));
    expect(unticked).toMatchObject({ status: 422, body: { problems: [expect.objectContaining({ field: 'featured' })] } });
    expect(unticked.body.error).toMatch(/one entry always has Featured ticked: tick it on the one that should take its place/);
    const deleted = await call('deleteFiles', { paths: [only], baseShas: { [only!]: await versionOf(store.files, only!) } });
    expect(deleted.status).toBe(422);
    expect(deleted.body.error).toMatch(/Featured ticked: tick Featured on another entry first, then delete this one/);
    expect(featured()).toEqual([only]);
  });
});

describe('pictures', () => {
  const guideWith = async (content: Uint8Array, name = 'beginner-strength-starter.jpg') =>
    call('persistEntry', {
      dataFiles: [{ path: NEW_GUIDE_PATH, raw: JSON.stringify({ ...NEW_GUIDE, image: `../images/resources/${name}` }) }],
      assets: [{ path: `src/content/images/resources/${name}`, content: base64(content), encoding: 'base64' }],
      baseShas: { [NEW_GUIDE_PATH]: null },
    });

  it('a picture that is only a header, cut short, damaged, or not one, is 422 naming it; nothing is written', async () => {
    const { broken: brokenPng } = await testPngs();
    const cases: [Uint8Array, string][] = [
      [JPEG.slice(0, 20), 'beginner-strength-starter.jpg'],
      [JPEG.slice(0, JPEG.length - 30), 'beginner-strength-starter.jpg'],
      [brokenPng, 'beginner-strength-starter.png'],
      [new TextEncoder().encode('not a picture'), 'beginner-strength-starter.jpg'],
    ];
    for (const [bytes, name] of cases) {
      const refused = await guideWith(bytes, name);
      expect(refused.status, name).toBe(422);
      expect(refused.body.problems?.[0]?.message).toMatch(new RegExp(`^${name.replace('.', '\\.')} is (damaged or cut short|not a picture the site can show)`));
    }
    expect(store.saves).toHaveLength(0);
  });

  it('a picture any collection shows is not deleted; once nothing shows it, it is', async () => {
    const avatar = (JSON.parse(textOf(store.files, AVATARS)) as Json[])[0]!;
    const picture = `src/content/${String(avatar.image).replace(/^\.\//, '')}`;
    // A transformation shows the avatar's picture; the avatar leaves its list.
    expect((await saveList(TRANSFORMATIONS, (list) => (list[0]!.image = `./${picture.slice('src/content/'.length)}`))).status).toBe(200);
    expect((await saveList(AVATARS, (list) => list.splice(0, 1))).status).toBe(200);
    expect(store.files.has(picture)).toBe(true);
    const refused = await call('deleteFiles', { paths: [picture], baseShas: { [picture]: await versionOf(store.files, picture) } });
    expect(refused).toMatchObject({ status: 422, body: { reason: 'invalid' } });
    expect(refused.body.error).toMatch(/this picture is still shown by Transformations: choose another picture there first/);
    expect(store.files.has(picture)).toBe(true);
  });

  it('a deleted guide takes its picture with it, and a replaced picture goes, when nothing else shows them', async () => {
    expect((await guideWith(JPEG)).status).toBe(200);
    const picture = NEW_GUIDE_PICTURE.path;
    const other = 'src/content/images/resources/beginner-strength-cover.jpg';
    const replaced = await saveChanged(NEW_GUIDE_PATH, (guide) => (guide.image = '../images/resources/beginner-strength-cover.jpg'), 'admin', [
      { path: other, content: base64(JPEG.map((byte, i) => (i === 200 ? byte ^ 1 : byte))), encoding: 'base64' },
    ]);
    expect(replaced.status).toBe(200);
    expect(store.files.has(picture)).toBe(false);
    expect(store.saves.at(-1)!.changes.map((change) => [change.path, change.content === null])).toEqual(
      expect.arrayContaining([
        [picture, true],
        [other, false],
      ]),
    );
    const deleted = await call('deleteFiles', { paths: [NEW_GUIDE_PATH], baseShas: { [NEW_GUIDE_PATH]: await versionOf(store.files, NEW_GUIDE_PATH) } });
    expect(deleted.status).toBe(200);
    expect(store.files.has(NEW_GUIDE_PATH)).toBe(false);
    expect(store.files.has(other)).toBe(false);
    expect(store.saves.at(-1)!.changes).toHaveLength(2);
  });

  it('a new picture over another of the same name is 409; the same picture again changes nothing', async () => {
    expect((await guideWith(JPEG)).status).toBe(200);
    const again = await call('persistMedia', { asset: NEW_GUIDE_PICTURE });
    expect(again.status).toBe(200);
    const different = await call('persistMedia', { asset: { ...NEW_GUIDE_PICTURE, content: base64(JPEG.map((byte, i) => (i === 200 ? byte ^ 1 : byte))) } });
    expect(different).toMatchObject({ status: 409, body: { reason: 'exists' } });
  });
});

describe('a save and a deletion side by side', () => {
  it('a guide naming picture P, and the deletion of P landing between its checks and its write: the save plans again and is refused', async () => {
    const picture = 'src/content/images/resources/beginner-strength-starter.jpg';
    store.files.set(picture, JPEG);
    store.beforeNextWrite(() => store.files.delete(picture));
    const guide = JSON.stringify(NEW_GUIDE);
    const saved = await call('persistEntry', { dataFiles: [{ path: NEW_GUIDE_PATH, raw: guide }], baseShas: { [NEW_GUIDE_PATH]: null } });
    expect(saved).toMatchObject({
      status: 422,
      body: { problems: [expect.objectContaining({ field: 'image', message: 'there is no picture beginner-strength-starter.jpg: choose it again' })] },
    });
    expect(store.plans).toBe(2);
    expect(store.files.has(NEW_GUIDE_PATH)).toBe(false);
  });

  it('the deletion of P, and a guide naming P landing between its checks and its write: the deletion plans again and is refused', async () => {
    const picture = 'src/content/images/resources/beginner-strength-starter.jpg';
    store.files.set(picture, JPEG);
    store.beforeNextWrite(() => store.files.set(NEW_GUIDE_PATH, new TextEncoder().encode(JSON.stringify(NEW_GUIDE))));
    const deleted = await call('deleteFiles', { paths: [picture], baseShas: { [picture]: await versionOf(store.files, picture) } });
    expect(deleted.status).toBe(422);
    expect(store.files.has(picture)).toBe(true);
  });
});

describe('GitHub’s refusals', () => {
  /** A store whose every read meets `error`, as the GitHub store raises it. */
  const refusing = (kind: GithubRefusalKind, message: string, retryAt?: Date): ContentStore => {
    const error = new GithubStoreError(message, { kind, status: 401, retryAt: retryAt ?? null });
    const fail = () => Promise.reject(error);
    return { kind: 'github', snapshot: fail, transact: fail };
  };

  it.each<[GithubRefusalKind, number, string]>([
    ['token', 503, 'github-token'],
    ['access', 503, 'github-access'],
    ['protected', 403, 'github-protected'],
    ['rate-limit', 429, 'github-rate-limit'],
    ['unavailable', 502, 'github-unavailable'],
  ])('%s: %i with its reason and sentence, and a line in the log', async (kind, status, reason) => {
    const retryAt = new Date(Date.now() + 5 * 60_000);
    const request = new Request('http://127.0.0.1/api/content', {
      method: 'POST',
      headers: { authorization: 'Bearer editor' },
      body: JSON.stringify({ action: 'getEntry', params: { path: SETTINGS } }),
    });
    const lines: string[] = [];
    const response = await handleContentRequest(request, { store: refusing(kind, `GitHub says ${kind}.`, retryAt), authorize, log: (line) => lines.push(line) });
    expect(response.status).toBe(status);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ reason, error: `GitHub says ${kind}.` });
    if (kind === 'rate-limit') {
      expect(body.retryAt).toBe(retryAt.toISOString());
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(290);
    }
    expect(lines).toEqual([`content: ${reason} (${status}): GitHub says ${kind}.`]);
  });
});

afterAll(() => {
  // Every sentence any of these answers gave.
  expectMarketerWords(20);
});
