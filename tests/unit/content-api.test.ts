/**
 * `POST /api/content` at the protocol level (src/features/content-editor/server/content-api.ts):
 * every action the editor uses, who may call it, a save that cannot break the build (422 with the
 * field), that names the versions it opened (428 without, 409 stale or new over a file), paths
 * outside the content refused, bodies within bounds — on a store in memory.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { gitBlobSha } from '~/features/content-editor/server/store';
import { caller, expectMarketerWords, textOf, versionOf } from '../support/content-api-calls';
import { type MemoryStore, memoryStore } from '../support/memory-content-store';
import { NEW_GUIDE, NEW_GUIDE_PATH, NEW_GUIDE_PICTURE } from '../support/new-guide';

let store: MemoryStore;
beforeEach(() => {
  store = memoryStore();
});
const call = caller(() => store);

const TESTIMONIALS = 'src/content/testimonials.json';
const text = (path: string) => textOf(store.files, path);
const testimonials = () => JSON.parse(text(TESTIMONIALS)) as Record<string, string>[];
const rawWith = (change: (list: Record<string, string>[]) => void) => {
  const list = testimonials();
  change(list);
  return JSON.stringify(list, null, 2);
};
/** A save of the testimonials as the editor sends it: with the version it opened. */
const saveTestimonials = async (raw: string, token = 'admin') =>
  call(
    'persistEntry',
    { dataFiles: [{ path: TESTIMONIALS, slug: 'testimonials', raw }], assets: [], baseShas: { [TESTIMONIALS]: await versionOf(store.files, TESTIMONIALS) } },
    token,
  );

describe('who may call it', () => {
  it('401 without a session, 403 for a member, 200 for an admin and an editor, each with its reason', async () => {
    expect(await call('getEntry', { path: TESTIMONIALS }, null)).toMatchObject({ status: 401, body: { reason: 'signed-out' } });
    expect((await call('getEntry', { path: TESTIMONIALS }, 'stolen')).status).toBe(401);
    expect(await call('getEntry', { path: TESTIMONIALS }, 'member')).toMatchObject({ status: 403, body: { reason: 'not-allowed' } });
    expect((await call('getEntry', { path: TESTIMONIALS }, 'admin')).status).toBe(200);
    expect((await call('getEntry', { path: TESTIMONIALS }, 'editor')).status).toBe(200);
  });

  it('503 naming the missing settings to a signed-in admin; nothing of them to a caller without a session', async () => {
    const bare = caller(() => ({ missing: ['GITHUB_TOKEN', 'GITHUB_REPOSITORY'] }));
    expect(await bare('getEntry', {})).toEqual({
      status: 503,
      body: {
        error: 'The content editor is not set up on this server: GITHUB_TOKEN, GITHUB_REPOSITORY are not set.',
        reason: 'not-set-up',
        missing: ['GITHUB_TOKEN', 'GITHUB_REPOSITORY'],
      },
    });
    const stranger = await bare('getEntry', {}, null);
    expect(stranger.status).toBe(401);
    expect(JSON.stringify(stranger.body)).not.toMatch(/GITHUB/);
  });
});

describe('reading', () => {
  it('getEntry and entriesByFiles give the file’s text and its version; a missing one null', async () => {
    const { body } = await call('getEntry', { path: TESTIMONIALS });
    expect(body).toEqual({ data: text(TESTIMONIALS), file: { path: TESTIMONIALS, id: await gitBlobSha(store.files.get(TESTIMONIALS)!) } });
    const files = await call('entriesByFiles', { files: [{ path: TESTIMONIALS, label: 'Testimonials' }, { path: 'src/content/pages/legal/cookies.json' }] });
    expect(files.body).toMatchObject([{ file: { path: TESTIMONIALS } }, { data: null, file: { path: 'src/content/pages/legal/cookies.json', id: null } }]);
  });

  it('info says which store saves go to and the caller’s role; the top folder of pictures lists nothing', async () => {
    expect(await call('info', {}, 'editor')).toEqual({ status: 200, body: { store: 'github', role: 'editor' } });
    expect(await call('getMedia', { mediaFolder: 'src/content/images' })).toEqual({ status: 200, body: [] });
  });

  it('entriesByFolder lists a folder collection’s files', async () => {
    const { status, body } = await call('entriesByFolder', { folder: 'src/content/resources', extension: 'json', depth: 1 });
    expect(status).toBe(200);
    expect((body as unknown as { file: { path: string } }[]).map((entry) => entry.file.path)).toHaveLength(11);
  });

  it('getMedia lists a collection’s pictures (with or without their bytes); getMediaFile gives one', async () => {
    const listed = (await call('getMedia', { mediaFolder: 'src/content/images/avatars' })).body as unknown as { path: string; content: string; encoding: string }[];
    expect(listed).toHaveLength(7);
    expect(listed[0]).toMatchObject({ encoding: 'base64' });
    const lazy = (await call('getMedia', { mediaFolder: '/src/content/images/avatars', content: false })).body as unknown as Record<string, unknown>[];
    expect(lazy[0]).not.toHaveProperty('content');
    expect(lazy[0]).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{40}$/), size: expect.any(Number) });
    const one = await call('getMediaFile', { path: listed[0]!.path });
    expect(one.body).toMatchObject({ path: listed[0]!.path, encoding: 'base64' });
  });

  it.each([
    ['../package.json'],
    ['src/content/../../.env'],
    ['/etc/passwd'],
    ['src/lib/content.ts'],
    ['src/content/images/avatars/avatar-1.jpg'],
    ['src\\content\\testimonials.json'],
    ['.git/config'],
  ])('refuses to open %s', async (path) => {
    expect(await call('getEntry', { path })).toMatchObject({ status: 400, body: { reason: 'bad-request' } });
  });

  it('refuses folders and pictures outside the content', async () => {
    expect((await call('entriesByFolder', { folder: 'src/lib', extension: 'ts' })).status).toBe(400);
    expect((await call('getMedia', { mediaFolder: 'src/content/../../public' })).status).toBe(400);
    expect((await call('getMediaFile', { path: 'public/brand/logo-fallback.svg' })).status).toBe(400);
  });
});

describe('saving', () => {
  it('writes a valid save in the form content files are kept, as the signed-in user', async () => {
    const { status, body } = await saveTestimonials(rawWith((list) => (list[0]!.text = 'A new first testimonial.')));
    expect(status).toBe(200);
    expect(body).toMatchObject({ message: 'saved', store: 'github', files: [{ path: TESTIMONIALS }] });
    expect(testimonials()[0]!.text).toBe('A new first testimonial.');
    expect(text(TESTIMONIALS)).toBe(`${JSON.stringify(testimonials(), null, 2)}\n`);
    expect(store.saves.at(-1)).toMatchObject({ message: `Content: ${TESTIMONIALS} (by admin@example.com)`, author: { email: 'admin@example.com' } });
  });

  it('422 naming the field of a bad value in words, and nothing written', async () => {
    const before = text(TESTIMONIALS);
    const { status, body } = await saveTestimonials(rawWith((list) => (list[2]!.author = '')));
    expect(status).toBe(422);
    expect(body.error).toBe('Not saved: Testimonials › Item 3 › Author: must not be empty.');
    expect(body.problems).toEqual([expect.objectContaining({ file: TESTIMONIALS, field: '[2].author', message: 'must not be empty' })]);
    expect(text(TESTIMONIALS)).toBe(before);
    expect(store.saves).toHaveLength(0);
  });

  it('422 for an entry without its own id, and for JSON that is not JSON', async () => {
    const duplicate = rawWith((list) => (list[1]!.id = list[0]!.id!));
    expect((await saveTestimonials(duplicate)).body.error).toMatch(/Item 2 › Id: "[a-z-]+" is the id of an entry above/);
    expect((await saveTestimonials('[{"id": "a",}]')).status).toBe(422);
  });

  it('428 for a save or a deletion that names no version of a file it changes; nothing written', async () => {
    const raw = rawWith((list) => (list[0]!.text = 'Unversioned.'));
    const unversioned = await call('persistEntry', { dataFiles: [{ path: TESTIMONIALS, raw }], assets: [] });
    expect(unversioned).toMatchObject({ status: 428, body: { reason: 'no-version', error: expect.stringMatching(/reload the editor/) } });
    const guide = 'src/content/resources/fast-food-guide.json';
    expect((await call('deleteFiles', { paths: [guide] })).status).toBe(428);
    expect(store.saves).toHaveLength(0);
  });

  it('409 for a save based on an older version, and for a new entry where a file is', async () => {
    const opened = await versionOf(store.files, TESTIMONIALS);
    const first = rawWith((list) => (list[0]!.highlight = 'First change'));
    expect((await call('persistEntry', { dataFiles: [{ path: TESTIMONIALS, raw: first }], baseShas: { [TESTIMONIALS]: opened } })).status).toBe(200);
    const second = rawWith((list) => (list[0]!.highlight = 'Second change'));
    const stale = await call('persistEntry', { dataFiles: [{ path: TESTIMONIALS, raw: second }], baseShas: { [TESTIMONIALS]: opened } });
    expect(stale).toMatchObject({
      status: 409,
      body: { reason: 'stale', error: 'Testimonials changed since you opened it: reload it to see the newer version, then make your change again.' },
    });
    expect(testimonials()[0]!.highlight).toBe('First change');
    const guide = 'src/content/resources/fast-food-guide.json';
    const over = await call('persistEntry', { dataFiles: [{ path: guide, raw: JSON.stringify(NEW_GUIDE) }], baseShas: { [guide]: null } });
    expect(over).toMatchObject({ status: 409, body: { reason: 'exists' } });
    expect(over.body.error).toMatch(/^“.+” \(Free guides\) is already there: give yours another title/);
  });

  it('a new guide with its picture is one save', async () => {
    const saved = await call('persistEntry', {
      dataFiles: [{ path: NEW_GUIDE_PATH, raw: JSON.stringify(NEW_GUIDE) }],
      assets: [NEW_GUIDE_PICTURE],
      baseShas: { [NEW_GUIDE_PATH]: null },
    });
    expect(saved.status).toBe(200);
    expect(store.saves).toHaveLength(1);
    expect(store.saves[0]!.changes.map((change) => change.path).sort()).toEqual([NEW_GUIDE_PICTURE.path, NEW_GUIDE_PATH].sort());
    expect(JSON.parse(text(NEW_GUIDE_PATH))).toMatchObject({ $schema: '../../../.astro/collections/resources.schema.json', title: NEW_GUIDE.title });
  });

  it('refuses writing outside the content, renaming, and new entries where there are none', async () => {
    expect((await call('persistEntry', { dataFiles: [{ path: 'src/lib/x.json', raw: '{}' }] })).status).toBe(400);
    expect(await call('persistEntry', { dataFiles: [{ path: TESTIMONIALS, newPath: 'src/content/t.json', raw: '[]' }] })).toMatchObject({
      status: 403,
      body: { reason: 'not-offered' },
    });
    const cookies = 'src/content/pages/legal/cookies.json';
    expect(await call('persistEntry', { dataFiles: [{ path: cookies, raw: '{}' }], baseShas: { [cookies]: null } })).toMatchObject({
      status: 403,
      body: { reason: 'not-offered' },
    });
    const outside = { path: '../../public/x.jpg', content: NEW_GUIDE_PICTURE.content, encoding: 'base64' };
    expect((await call('persistMedia', { asset: outside })).status).toBe(422);
    const testimonials = await versionOf(store.files, TESTIMONIALS);
    expect(await call('deleteFiles', { paths: [TESTIMONIALS], baseShas: { [TESTIMONIALS]: testimonials } })).toMatchObject({
      status: 403,
      body: { reason: 'not-offered' },
    });
  });
});

describe('bodies', () => {
  it('413 over the cap, whether the body says its length or not', async () => {
    const big = 'x'.repeat(16 * 1024 * 1024);
    const body = JSON.stringify({ action: 'persistMedia', params: { asset: { path: 'src/content/images/resources/big.jpg', content: big, encoding: 'base64' } } });
    const said = await call('persistMedia', {}, 'admin', { body });
    expect(said).toMatchObject({ status: 413, body: { reason: 'too-large', limitMegabytes: 10 } });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new TextEncoder().encode(body.slice(0, 1024 * 1024));
        for (let i = 0; i < 17; i += 1) controller.enqueue(chunk);
        controller.close();
      },
    });
    const unsized = await call('persistMedia', {}, 'admin', { body: stream, duplex: 'half' } as RequestInit);
    expect(unsized.status).toBe(413);
  });

  it('400 for JSON nested deeper than any content, in the request or in a file it carries', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(await call('info', {}, 'admin', { body: `{"action":"info","params":{"x":${deep}}}` })).toMatchObject({ status: 400, body: { reason: 'bad-request' } });
    const saved = await call('persistEntry', {
      dataFiles: [{ path: TESTIMONIALS, raw: deep }],
      baseShas: { [TESTIMONIALS]: await versionOf(store.files, TESTIMONIALS) },
    });
    expect(saved).toMatchObject({ status: 400, body: { reason: 'bad-request' } });
  });
});

afterAll(() => {
  // Every sentence any of these answers gave.
  expectMarketerWords(15);
});
