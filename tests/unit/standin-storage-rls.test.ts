// @vitest-environment node
/** Row level security through real Postgres (PGlite), and the storage calls, with supabase-js and tus. */
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole } from '../../supabase/local/db.ts';
import { seed } from '../../supabase/local/seed.ts';
import { FileArea } from '../../supabase/local/objects.ts';
import type { Standin } from '../../supabase/local/server.ts';
import { sqlError } from '../support/sql-error.ts';
import { ADMIN, EDITOR, MEMBER, client, root, signedIn, startTestStandin } from '../support/standin.ts';

let standin: Standin;
let adminId: string;
let memberId: string;
beforeAll(async () => {
  standin = await startTestStandin(4822);
  const rows = (await standin.db.query<{ id: string; email: string }>('select id, email from auth.users')).rows;
  adminId = rows.find((row) => row.email === ADMIN.email)!.id;
  memberId = rows.find((row) => row.email === MEMBER.email)!.id;
}, 90_000);
afterAll(async () => {
  await standin?.close();
}, 30_000);

const member = () => ({ sub: memberId, role: 'authenticated' });
const admin = () => ({ sub: adminId, role: 'authenticated' });

describe('user_roles RLS', () => {
  it('a member sees only their own rows (none), an admin sees their own admin row', async () => {
    const mine = await asRole(standin.db, member(), async (tx) => (await tx.query('select * from public.user_roles')).rows);
    expect(mine).toEqual([]);
    const admins = await asRole(standin.db, admin(), async (tx) => (await tx.query<{ role: string }>('select role from public.user_roles')).rows);
    expect(admins).toEqual([{ role: 'admin' }]);
  });

  it('a member cannot grant themselves the admin role, update or delete roles', async () => {
    expect(await sqlError(() => asRole(standin.db, member(), (tx) => tx.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [memberId])))).toBe(
      '42501',
    );
    expect(await sqlError(() => asRole(standin.db, admin(), (tx) => tx.query(`update public.user_roles set role = 'user'`)))).toBe('42501');
  });

  it('the stand-in seeds an editor, whose one role is editor', async () => {
    const editor = await signedIn(standin, EDITOR.email, EDITOR.password);
    const { data: user } = await editor.auth.getUser();
    expect(await editor.from('user_roles').select('role').eq('user_id', user.user!.id)).toMatchObject({ data: [{ role: 'editor' }], error: null });
  });

  it('a database seeded before the editor role gets the editor on its next start, once', async () => {
    await standin.db.query(`delete from auth.users where email = $1`, [EDITOR.email]);
    await standin.db.query(`delete from _local.migrations where name = 'seed-editor'`);
    const files = new FileArea(standin.config.dataDir ?? '/nonexistent');
    expect(await seed(standin.db, standin.config, files, root)).toBe('editor');
    expect(await seed(standin.db, standin.config, files, root)).toBeNull();
    const { rows } = await standin.db.query(`select r.role from public.user_roles r join auth.users u on u.id = r.user_id where u.email = $1`, [EDITOR.email]);
    expect(rows).toEqual([{ role: 'editor' }]);
    await signedIn(standin, EDITOR.email, EDITOR.password);
  });

  it('anon cannot read roles at all', async () => {
    expect(await sqlError(() => asRole(standin.db, { role: 'anon' }, (tx) => tx.query('select * from public.user_roles')))).toBe('42501');
  });

  it('has_role is SECURITY DEFINER with a fixed search_path and answers a signed-in user about their own id only', async () => {
    const { rows } = await standin.db.query<{ prosecdef: boolean; proconfig: string[] }>("select prosecdef, proconfig from pg_proc where proname = 'has_role'");
    expect(rows[0]).toEqual({ prosecdef: true, proconfig: ['search_path=public'] });
    const ask = (claims: { sub: string; role: string }) =>
      asRole(
        standin.db,
        claims,
        async (tx) =>
          (await tx.query<{ a: boolean; m: boolean }>(`select public.has_role($1, 'admin') as a, public.has_role($2, 'admin') as m`, [adminId, memberId])).rows[0],
      );
    // A member cannot learn who the admins are; an admin's own id answers true.
    expect(await ask(member())).toEqual({ a: false, m: false });
    expect(await ask(admin())).toEqual({ a: true, m: false });
  });

  it('the bucket is public with a size limit and image/video types', async () => {
    const { rows } = await standin.db.query<{ public: boolean; file_size_limit: string; allowed_mime_types: string[] }>(
      "select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'videos'",
    );
    expect(rows[0]?.public).toBe(true);
    expect(Number(rows[0]?.file_size_limit)).toBe(2 * 1024 * 1024 * 1024);
    expect(rows[0]?.allowed_mime_types).toEqual(expect.arrayContaining(['video/mp4', 'image/png']));
  });
});

describe('storage: list, upload, remove, public GET', () => {
  const clip = () => new Blob([new Uint8Array(2048).fill(7)], { type: 'video/mp4' });

  it('only an admin lists the bucket (the seeded sample files, folders first-level only); visitors, members and editors list nothing', async () => {
    for (const visitor of [client(standin), await signedIn(standin, MEMBER.email, MEMBER.password), await signedIn(standin, EDITOR.email, EDITOR.password)]) {
      expect(await visitor.storage.from('videos').list()).toEqual({ data: [], error: null });
      expect(await visitor.storage.from('videos').list('hero')).toEqual({ data: [], error: null });
    }
    const bucket = (await signedIn(standin, ADMIN.email, ADMIN.password)).storage.from('videos');
    const { data, error } = await bucket.list();
    expect(error).toBeNull();
    expect(data?.map((entry) => entry.name)).toEqual(['brand', 'community', 'hero']);
    const hero = await bucket.list('hero');
    expect(hero.data?.map((entry) => entry.name)).toEqual(['hero-desktop.mp4', 'hero-mobile.mp4']);
    expect(hero.data?.[0]?.metadata).toMatchObject({ mimetype: 'video/mp4', cacheControl: 'max-age=3600', httpStatusCode: 200 });
  });

  it('serves public objects with Range for video', async () => {
    const url = client(standin).storage.from('videos').getPublicUrl('hero/hero-desktop.mp4').data.publicUrl;
    const full = await fetch(url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('video/mp4');
    const size = (await full.arrayBuffer()).byteLength;
    const part = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const missing = await fetch(url.replace('hero-desktop', 'nope'));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '404', error: 'not_found', message: 'Object not found' });
  });

  it('a member or an editor cannot upload (403 inside a 400) and cannot delete (200 [] and the file stays)', async () => {
    for (const user of [MEMBER, EDITOR]) {
      const supabase = await signedIn(standin, user.email, user.password);
      const { data, error } = await supabase.storage.from('videos').upload('member.mp4', clip());
      expect(data, user.email).toBeNull();
      expect(error).toMatchObject({ name: 'StorageApiError', status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
      const removed = await supabase.storage.from('videos').remove(['brand/logo.png']);
      expect(removed).toMatchObject({ data: [], error: null });
      const still = await fetch(client(standin).storage.from('videos').getPublicUrl('brand/logo.png').data.publicUrl);
      expect(still.status).toBe(200);
    }
  });

  it('anon cannot upload either', async () => {
    const { error } = await client(standin).storage.from('videos').upload('anon.mp4', clip());
    expect(error).toMatchObject({ statusCode: '403' });
  });

  it('an admin uploads (multipart), is refused a duplicate, upserts, and removes', async () => {
    const supabase = await signedIn(standin, ADMIN.email, ADMIN.password);
    const bucket = supabase.storage.from('videos');
    const { data, error } = await bucket.upload('tests/clip.mp4', clip());
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: 'tests/clip.mp4', fullPath: 'videos/tests/clip.mp4' });
    const duplicate = await bucket.upload('tests/clip.mp4', clip());
    expect(duplicate.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    const upsert = await bucket.upload('tests/clip.mp4', new Blob([new Uint8Array(10)], { type: 'video/mp4' }), { upsert: true });
    expect(upsert.error).toBeNull();
    const served = await fetch(bucket.getPublicUrl('tests/clip.mp4').data.publicUrl);
    expect((await served.arrayBuffer()).byteLength).toBe(10);
    const badType = await bucket.upload('tests/notes.txt', new Blob(['hi'], { type: 'text/plain' }));
    expect(badType.error).toMatchObject({ statusCode: '415' });
    const removed = await bucket.remove(['tests/clip.mp4']);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((row) => row.name)).toEqual(['tests/clip.mp4']);
    expect((await fetch(bucket.getPublicUrl('tests/clip.mp4').data.publicUrl)).status).toBe(400);
  });
});

describe('storage: resumable uploads (tus)', () => {
  function tusUpload(token: string, objectName: string, bytes: Buffer, onChunk?: () => void): Promise<string> {
    return new Promise((resolve, reject) => {
      const upload = new Upload(bytes, {
        endpoint: `${standin.url}/storage/v1/upload/resumable`,
        retryDelays: [],
        chunkSize: 64 * 1024,
        uploadDataDuringCreation: true,
        headers: { authorization: `Bearer ${token}`, apikey: standin.config.anonKey, 'x-upsert': 'true' },
        metadata: { bucketName: 'videos', objectName, contentType: 'video/mp4', cacheControl: '3600' },
        onChunkComplete: () => onChunk?.(),
        onError: reject,
        onSuccess: () => resolve(upload.url ?? ''),
      });
      upload.start();
    });
  }

  const tokenOf = async (email: string, password: string) => (await (await signedIn(standin, email, password)).auth.getSession()).data.session!.access_token;

  it('an admin uploads in chunks; the object is listed and served', async () => {
    const bytes = Buffer.alloc(200 * 1024, 3);
    let chunks = 0;
    const url = await tusUpload(await tokenOf(ADMIN.email, ADMIN.password), 'tus/big.mp4', bytes, () => chunks++);
    expect(url.startsWith(`${standin.url}/storage/v1/upload/resumable/`)).toBe(true);
    expect(Buffer.from(url.split('/').pop()!, 'base64url').toString()).toMatch(/^videos\/tus\/big\.mp4\/[0-9a-f-]{36}$/);
    expect(chunks).toBeGreaterThanOrEqual(3);
    const list = await (await signedIn(standin, ADMIN.email, ADMIN.password)).storage.from('videos').list('tus');
    expect(list.data?.[0]).toMatchObject({ name: 'big.mp4', metadata: { size: bytes.byteLength, mimetype: 'video/mp4' } });
    const served = await fetch(client(standin).storage.from('videos').getPublicUrl('tus/big.mp4').data.publicUrl);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a member or an editor is refused at creation with 403 and the RLS message', async () => {
    for (const user of [MEMBER, EDITOR]) {
      const error = await tusUpload(await tokenOf(user.email, user.password), 'tus/member.mp4', Buffer.alloc(1000)).catch((e: Error) => e);
      expect(String(error), user.email).toMatch(/response code: 403, response text: new row violates row-level security policy/);
    }
  });

  it('creation without metadata is refused with 400', async () => {
    const response = await fetch(`${standin.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', authorization: `Bearer ${await tokenOf(ADMIN.email, ADMIN.password)}` },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Metadata header is required');
  });
});
