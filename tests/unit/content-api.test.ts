/**
 * `POST /api/content` at the protocol level (src/features/content-editor/content-api.ts): every
 * action the editor uses, who may call it, and a save that cannot break the build (422 with the
 * field, 409 for a stale version, paths outside the content refused), on a store in memory.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { type Authorize, handleContentRequest } from '~/features/content-editor/server/content-api';
import { gitBlobSha } from '~/features/content-editor/server/store';
import { type MemoryStore, memoryStore } from '../support/memory-content-store';
import { base64, JPEG, NEW_GUIDE, NEW_GUIDE_PATH, NEW_GUIDE_PICTURE } from '../support/new-guide';

const ADMIN = { id: 'admin-1', email: 'admin@example.com' };
const tokens: Record<string, Awaited<ReturnType<Authorize>>> = {
  admin: { ok: true, user: ADMIN },
  editor: { ok: true, user: { id: 'editor-1', email: 'editor@example.com' } },
  member: { ok: false, status: 403, error: 'Only an admin or an editor may edit the content.' },
};
const authorize: Authorize = async (token) => tokens[token] ?? { ok: false, status: 401, error: 'The session is invalid or has expired: sign in again.' };

let store: MemoryStore;
beforeEach(() => {
  store = memoryStore();
});

async function call(action: string, params: Record<string, unknown> = {}, token: string | null = 'admin') {
  const request = new Request('http://127.0.0.1/api/content', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ branch: 'main', action, params }),
  });
  const response = await handleContentRequest(request, { store, authorize });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: string } };
}

const TESTIMONIALS = 'src/content/testimonials.json';
const text = (path: string) => new TextDecoder().decode(store.files.get(path));

describe('who may call it', () => {
  it('401 without a session, 403 for a member, 200 for an admin and an editor', async () => {
    expect((await call('getEntry', { path: TESTIMONIALS }, null)).status).toBe(401);
    expect((await call('getEntry', { path: TESTIMONIALS }, 'stolen')).status).toBe(401);
    expect(await call('getEntry', { path: TESTIMONIALS }, 'member')).toMatchObject({ status: 403, body: { error: 'Only an admin or an editor may edit the content.' } });
    expect((await call('getEntry', { path: TESTIMONIALS }, 'admin')).status).toBe(200);
    expect((await call('getEntry', { path: TESTIMONIALS }, 'editor')).status).toBe(200);
  });

  it('503 naming the missing settings when there is no store', async () => {
    const request = new Request('http://127.0.0.1/api/content', {
      method: 'POST',
      headers: { authorization: 'Bearer admin' },
      body: '{"action":"getEntry","params":{}}',
    });
    const response = await handleContentRequest(request, { store: { missing: ['GITHUB_TOKEN', 'GITHUB_REPOSITORY'] }, authorize });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: 'The content editor is not set up on this server: GITHUB_TOKEN, GITHUB_REPOSITORY are not set.',
      missing: ['GITHUB_TOKEN', 'GITHUB_REPOSITORY'],
    });
  });
});

describe('reading', () => {
  it('getEntry and entriesByFiles give the file’s text and its version; a missing one null', async () => {
    const { body } = await call('getEntry', { path: TESTIMONIALS });
    expect(body).toEqual({ data: text(TESTIMONIALS), file: { path: TESTIMONIALS, id: await gitBlobSha(store.files.get(TESTIMONIALS)!) } });
    const files = await call('entriesByFiles', { files: [{ path: TESTIMONIALS, label: 'Testimonials' }, { path: 'src/content/pages/legal/cookies.json' }] });
    expect(files.body).toMatchObject([{ file: { path: TESTIMONIALS } }, { data: null, file: { path: 'src/content/pages/legal/cookies.json', id: null } }]);
  });

  it('info says which store saves go to; the top folder of pictures lists nothing (they are kept by collection)', async () => {
    expect(await call('info')).toEqual({ status: 200, body: { store: 'github' } });
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
    const { status, body } = await call('getEntry', { path });
    expect(status).toBe(400);
    expect(body.error).toMatch(/is not a content file the editor may open/);
  });

  it('refuses folders and pictures outside the content', async () => {
    expect((await call('entriesByFolder', { folder: 'src/lib', extension: 'ts' })).status).toBe(400);
    expect((await call('getMedia', { mediaFolder: 'src/content/../../public' })).status).toBe(400);
    expect((await call('getMediaFile', { path: 'public/brand/logo-fallback.svg' })).status).toBe(400);
  });
});

describe('saving', () => {
  const testimonials = () => JSON.parse(text(TESTIMONIALS)) as Record<string, string>[];
  const rawWith = (change: (list: Record<string, string>[]) => void) => {
    const list = testimonials();
    change(list);
    return JSON.stringify(list, null, 2);
  };

  it('writes a valid save in the form content files are kept, as the signed-in user', async () => {
    const raw = rawWith((list) => (list[0]!.text = 'A new first testimonial.'));
    const { status, body } = await call('persistEntry', { dataFiles: [{ path: TESTIMONIALS, slug: 'testimonials', raw }], assets: [], options: { commitMessage: 'x' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ message: 'saved', store: 'github', files: [{ path: TESTIMONIALS }] });
    expect(testimonials()[0]!.text).toBe('A new first testimonial.');
    expect(text(TESTIMONIALS)).toBe(`${JSON.stringify(testimonials(), null, 2)}\n`);
    expect(store.saves.at(-1)).toMatchObject({ message: `Content: ${TESTIMONIALS} (by admin@example.com)`, author: { email: 'admin@example.com' } });
  });

  it('422 naming the file, line and field of a bad value, and nothing written', async () => {
    const before = text(TESTIMONIALS);
    const raw = rawWith((list) => (list[2]!.author = ''));
    const { status, body } = await call('persistEntry', { dataFiles: [{ path: TESTIMONIALS, raw }], assets: [] });
    expect(status).toBe(422);
    expect(body.error).toMatch(/^src\/content\/testimonials\.json:\d+:\d+ \[2\]\.author: must not be empty$/);
    expect(body.problems).toEqual([expect.objectContaining({ file: TESTIMONIALS, field: '[2].author', message: 'must not be empty' })]);
    expect(text(TESTIMONIALS)).toBe(before);
    expect(store.saves).toHaveLength(0);
  });

  it('422 for an entry without its own id, and for JSON that is not JSON', async () => {
    const duplicate = rawWith((list) => (list[1]!.id = list[0]!.id!));
    expect((await call('persistEntry', { dataFiles: [{ path: TESTIMONIALS, raw: duplicate }] })).body.error).toMatch(/\[1\]\.id: "[a-z-]+" is the id of an entry above/);
    expect((await call('persistEntry', { dataFiles: [{ path: TESTIMONIALS, raw: '[{"id": "a",}]' }] })).status).toBe(422);
  });

  it('422 across files: exactly one free guide is featured', async () => {
    const path = 'src/content/resources/fast-food-guide.json';
    const guide = { ...(JSON.parse(text(path)) as Record<string, unknown>), featured: true };
    const { status, body } = await call('persistEntry', { dataFiles: [{ path, raw: JSON.stringify(guide) }] });
    expect(status).toBe(422);
    expect(body.error).toMatch(/"featured" is true in 2 files/);
  });

  it('409 for a save based on an older version; a save that names no version is taken as it is', async () => {
    const opened = (await call('getEntry', { path: TESTIMONIALS })).body as { file: { id: string } };
    const first = rawWith((list) => (list[0]!.highlight = 'First change'));
    expect((await call('persistEntry', { dataFiles: [{ path: TESTIMONIALS, raw: first }], baseShas: { [TESTIMONIALS]: opened.file.id } })).status).toBe(200);
    const second = rawWith((list) => (list[0]!.highlight = 'Second change'));
    const stale = await call('persistEntry', { dataFiles: [{ path: TESTIMONIALS, raw: second }], baseShas: { [TESTIMONIALS]: opened.file.id } });
    expect(stale).toMatchObject({ status: 409, body: { error: expect.stringMatching(/^This file changed since you opened it/) } });
    expect(testimonials()[0]!.highlight).toBe('First change');
    expect((await call('persistEntry', { dataFiles: [{ path: TESTIMONIALS, raw: second }] })).status).toBe(200);
  });

  it('a new guide with its picture is one save; a picture that is not one, too large, or misnamed is refused', async () => {
    const path = NEW_GUIDE_PATH;
    const guide = NEW_GUIDE;
    const asset = NEW_GUIDE_PICTURE;
    const withoutPicture = await call('persistEntry', { dataFiles: [{ path, raw: JSON.stringify(guide) }], assets: [], baseShas: { [path]: null } });
    expect(withoutPicture.body.error).toMatch(/image: there is no picture src\/content\/images\/resources\/beginner-strength-starter\.jpg/);
    const fake = { ...asset, content: base64(new TextEncoder().encode('<html>not a picture</html>')) };
    expect((await call('persistEntry', { dataFiles: [{ path, raw: JSON.stringify(guide) }], assets: [fake] })).body.error).toMatch(
      /is not a JPEG, PNG, WebP or AVIF picture/,
    );
    const misnamed = { ...asset, path: 'src/content/images/resources/Beginner Strength.jpg' };
    expect((await call('persistEntry', { dataFiles: [{ path, raw: JSON.stringify(guide) }], assets: [misnamed] })).status).toBe(422);
    const saved = await call('persistEntry', { dataFiles: [{ path, raw: JSON.stringify(guide) }], assets: [asset], baseShas: { [path]: null } });
    expect(saved.status).toBe(200);
    expect(store.saves).toHaveLength(1);
    expect(store.saves[0]!.changes.map((change) => change.path).sort()).toEqual([asset.path, path].sort());
    expect(JSON.parse(text(path))).toMatchObject({ $schema: '../../../.astro/collections/resources.schema.json', title: guide.title });
  });

  it('refuses writing outside the content, renaming, and new entries where there are none', async () => {
    expect((await call('persistEntry', { dataFiles: [{ path: 'src/lib/x.json', raw: '{}' }] })).status).toBe(400);
    expect((await call('persistEntry', { dataFiles: [{ path: TESTIMONIALS, newPath: 'src/content/t.json', raw: '[]' }] })).status).toBe(400);
    expect((await call('persistEntry', { dataFiles: [{ path: 'src/content/pages/legal/cookies.json', raw: '{}' }] })).status).toBe(403);
    const outside = { path: '../../public/x.jpg', content: base64(JPEG), encoding: 'base64' };
    expect((await call('persistMedia', { asset: outside })).status).toBe(422);
  });

  it('deletes a guide, but not the featured one, and not a picture a page still shows', async () => {
    expect((await call('deleteFiles', { paths: ['src/content/resources/fast-food-guide.json'] })).status).toBe(200);
    expect(store.files.has('src/content/resources/fast-food-guide.json')).toBe(false);
    const featured = [...store.files.keys()].find((path) => path.startsWith('src/content/resources/') && text(path).includes('"featured": true'))!;
    expect((await call('deleteFiles', { paths: [featured] })).body.error).toMatch(/exactly one must be featured/);
    expect((await call('deleteFiles', { paths: ['src/content/images/avatars/avatar-1.jpg'] })).body.error).toMatch(/is still shown by src\/content\/avatars\.json/);
    expect((await call('deleteFiles', { paths: [TESTIMONIALS] })).status).toBe(403);
  });
});
