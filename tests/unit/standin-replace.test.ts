// @vitest-environment node
/**
 * Replacing an object in the stand-in behaves as in Supabase Storage (storage-api writes each
 * upload as a new version and points the object at it only once the bytes are complete): the old
 * bytes stay served while a standard or tus upsert is under way, after it is cut off or
 * terminated, and to a reader who started before the switch. Also: a folder of more than 100
 * objects read page by page with the admin's paging rule.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Standin } from '../../supabase/local/server.ts';
import { LIST_PAGE_SIZE, listPageOptions, pageOfListing } from '~/features/admin/assets/storage-paths';
import { ADMIN, client, signedIn, startTestStandin } from '../support/standin.ts';

let standin: Standin;
let token: string;
const HERO = 'hero/hero-desktop.mp4';
let seeded: Buffer;

beforeAll(async () => {
  standin = await startTestStandin(4831);
  const supabase = await signedIn(standin, ADMIN.email, ADMIN.password);
  token = (await supabase.auth.getSession()).data.session!.access_token;
  seeded = await readFile('supabase/local/seed-files/hero-desktop.mp4');
}, 90_000);
afterAll(async () => {
  await standin?.close();
}, 30_000);

const publicUrl = (path: string) => client(standin).storage.from('videos').getPublicUrl(path).data.publicUrl;
const served = async (path: string) => {
  const response = await fetch(publicUrl(path));
  return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
};
const auth = () => ({ authorization: `Bearer ${token}`, apikey: standin.config.anonKey });

/** A request body the test feeds piece by piece. */
function feeder() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return { body, push: (bytes: Uint8Array) => controller.enqueue(bytes), end: () => controller.close(), fail: () => controller.error(new Error('cut off')) };
}

describe('a replacement keeps the old object until its bytes are complete', () => {
  const replacement = Buffer.alloc(40 * 1024, 9);

  it('standard upsert: the old bytes are served mid-upload and after the body is cut off; the new ones once it completes', async () => {
    const cut = feeder();
    const cutRequest = fetch(`${standin.url}/storage/v1/object/videos/${HERO}`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'video/webm', 'x-upsert': 'true', 'cache-control': 'max-age=300' },
      body: cut.body,
      duplex: 'half',
    } as RequestInit);
    cut.push(replacement.subarray(0, 20 * 1024));
    expect((await served(HERO)).bytes.equals(seeded)).toBe(true);
    cut.fail();
    await cutRequest.catch(() => undefined);
    const afterCut = await served(HERO);
    expect(afterCut.bytes.equals(seeded)).toBe(true);
    expect(afterCut.type).toBe('video/mp4');

    const whole = feeder();
    const wholeRequest = fetch(`${standin.url}/storage/v1/object/videos/${HERO}`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'video/webm', 'x-upsert': 'true', 'cache-control': 'max-age=300' },
      body: whole.body,
      duplex: 'half',
    } as RequestInit);
    whole.push(replacement.subarray(0, 20 * 1024));
    expect((await served(HERO)).bytes.equals(seeded)).toBe(true);
    whole.push(replacement.subarray(20 * 1024));
    whole.end();
    expect((await wholeRequest).status).toBe(200);
    const after = await fetch(publicUrl(HERO));
    expect(after.headers.get('content-type')).toBe('video/webm');
    expect(after.headers.get('cache-control')).toBe('max-age=300');
    expect(Buffer.from(await after.arrayBuffer()).equals(replacement)).toBe(true);
    // A browser whose copy expired revalidates it: 304 while unchanged, the file once replaced.
    const etag = after.headers.get('etag')!;
    const unchanged = await fetch(publicUrl(HERO), { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('cache-control')).toBe('max-age=300');
    await restoreHero();
    expect((await fetch(publicUrl(HERO), { headers: { 'if-none-match': etag } })).status).toBe(200);
  });

  async function restoreHero() {
    const { error } = await (
      await signedIn(standin, ADMIN.email, ADMIN.password)
    ).storage
      .from('videos')
      .upload(HERO, new Blob([new Uint8Array(seeded)], { type: 'video/mp4' }), { upsert: true, cacheControl: '3600' });
    expect(error).toBeNull();
    expect((await served(HERO)).bytes.equals(seeded)).toBe(true);
  }

  const tusMetadata = (objectName: string, contentType: string) =>
    Object.entries({ bucketName: 'videos', objectName, contentType, cacheControl: '300' })
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');

  async function createTus(length: number, contentType = 'video/webm'): Promise<string> {
    const created = await fetch(`${standin.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: { ...auth(), 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': tusMetadata(HERO, contentType), 'x-upsert': 'true' },
    });
    expect(created.status).toBe(201);
    return created.headers.get('location')!;
  }

  const patch = (location: string, offset: number, bytes: Uint8Array) =>
    fetch(location, {
      method: 'PATCH',
      headers: { ...auth(), 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'x-upsert': 'true' },
      body: new Uint8Array(bytes),
    });

  it('tus upsert: the old bytes are served while chunks arrive and after the upload is terminated; the new ones once the last chunk lands', async () => {
    const terminated = await createTus(replacement.byteLength);
    expect((await patch(terminated, 0, replacement.subarray(0, 16 * 1024))).status).toBe(204);
    expect((await served(HERO)).bytes.equals(seeded)).toBe(true);
    const deleted = await fetch(terminated, { method: 'DELETE', headers: { ...auth(), 'tus-resumable': '1.0.0' } });
    expect(deleted.status).toBe(204);
    expect((await served(HERO)).bytes.equals(seeded)).toBe(true);
    // Listing is for admins.
    const listed = (await (await signedIn(standin, ADMIN.email, ADMIN.password)).storage.from('videos').list('hero', { search: 'hero-desktop' })).data?.[0];
    expect(listed?.metadata).toMatchObject({ mimetype: 'video/mp4', size: seeded.byteLength });

    const location = await createTus(replacement.byteLength);
    expect((await patch(location, 0, replacement.subarray(0, 16 * 1024))).status).toBe(204);
    expect((await served(HERO)).bytes.equals(seeded)).toBe(true);
    expect((await patch(location, 16 * 1024, replacement.subarray(16 * 1024))).status).toBe(204);
    const after = await served(HERO);
    expect(after.type).toBe('video/webm');
    expect(after.bytes.equals(replacement)).toBe(true);
    await restoreHero();
  });

  it('a visitor already downloading the old file gets the old bytes whole while a replacement lands', async () => {
    const supabase = await signedIn(standin, ADMIN.email, ADMIN.password);
    const bucket = supabase.storage.from('videos');
    const original = Buffer.alloc(32 * 1024 * 1024);
    for (let i = 0; i < original.byteLength; i += 4) original.writeUInt32LE(i, i);
    expect((await bucket.upload('replace/long.mp4', new Blob([new Uint8Array(original)], { type: 'video/mp4' }))).error).toBeNull();

    const download = await fetch(publicUrl('replace/long.mp4'));
    const reader = download.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    const replacementBytes = new Uint8Array(original.byteLength).fill(1);
    expect((await bucket.upload('replace/long.mp4', new Blob([replacementBytes], { type: 'video/mp4' }), { upsert: true })).error).toBeNull();
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    expect(Buffer.concat(chunks).equals(original)).toBe(true);
    expect(Buffer.from(await (await fetch(publicUrl('replace/long.mp4'))).arrayBuffer()).equals(Buffer.from(replacementBytes))).toBe(true);
    await bucket.remove(['replace/long.mp4']);
  });
});

describe('a folder of more than 100 objects, page by page', () => {
  it('lists all 105 with the admin paging rule: 100, then 5, no empty page', async () => {
    const bucket = (await signedIn(standin, ADMIN.email, ADMIN.password)).storage.from('videos');
    const names = Array.from({ length: 105 }, (_, i) => `clip-${String(i).padStart(3, '0')}.webm`);
    for (const name of names) {
      const { error } = await bucket.upload(`many/${name}`, new Blob([new Uint8Array([1, 2, 3])], { type: 'video/webm' }));
      expect(error).toBeNull();
    }
    const first = await bucket.list('many', listPageOptions(0));
    const page0 = pageOfListing(first.data!, 0);
    expect(page0.files).toHaveLength(LIST_PAGE_SIZE);
    expect(page0).toMatchObject({ hasNext: true, from: 1, to: 100 });
    const second = await bucket.list('many', listPageOptions(1));
    const page1 = pageOfListing(second.data!, 1);
    expect(page1).toMatchObject({ hasNext: false, from: 101, to: 105 });
    expect([...page0.files, ...page1.files].map((entry) => entry.name)).toEqual(names);
    // The folder shows at the top level as one folder entry.
    const top = pageOfListing((await bucket.list('', listPageOptions(0))).data!, 0);
    expect(top.folders.map((entry) => entry.name)).toContain('many');
    expect((await bucket.remove(names.map((name) => `many/${name}`))).data).toHaveLength(105);
  });
});
