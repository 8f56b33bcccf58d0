// @vitest-environment node
/**
 * The migrations and their row level security, run the same way on PGlite (the local stand-in's
 * database) and on a real PostgreSQL server (Debian's `postgresql`, started by this file): the
 * stand-in's bootstrap (the slice of Supabase's auth and storage schemas) plus
 * supabase/migrations in file-name order, then each rule as the API roles see it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole as pgliteAsRole, openDatabase } from '../../supabase/local/db.ts';
import { postgresBin, startPostgres, type PostgresServer } from '../support/postgres-server.ts';
import { sqlError } from '../support/sql-error.ts';

const supabaseDir = fileURLToPath(new URL('../../supabase/', import.meta.url));
type Row = Record<string, unknown>;
type Query = (text: string, params?: unknown[]) => Promise<Row[]>;
type Claims = { role: string; sub?: string };

interface TestDb {
  query: Query;
  asRole<T>(claims: Claims, fn: (query: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function pglite(): Promise<TestDb> {
  const { db } = await openDatabase(null, supabaseDir);
  return {
    query: async (text, params) => (await db.query<Row>(text, params)).rows,
    asRole: (claims, fn) => pgliteAsRole(db, claims, (tx) => fn(async (text, params) => (await tx.query<Row>(text, params)).rows)),
    close: () => db.close(),
  };
}

let server: PostgresServer | undefined;
async function postgresServer(): Promise<TestDb> {
  server = await startPostgres();
  const { sql } = server;
  await sql.unsafe(readFileSync(join(supabaseDir, 'local', 'bootstrap.sql'), 'utf8'));
  const migrations = readdirSync(join(supabaseDir, 'migrations'))
    .filter((name) => name.endsWith('.sql'))
    .sort();
  for (const file of migrations) await sql.unsafe(readFileSync(join(supabaseDir, 'migrations', file), 'utf8'));
  const query: Query = async (text, params = []) => [...(await sql.unsafe(text, params as never[]))];
  return {
    query,
    // As PostgREST does: the JWT's claims as settings, then its role, in one transaction.
    asRole: async (claims, fn) =>
      (await sql.begin(async (tx) => {
        await tx.unsafe(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)`, [JSON.stringify(claims), claims.sub ?? '']);
        await tx.unsafe(`set local role ${claims.role}`);
        return fn(async (text, params = []) => [...(await tx.unsafe(text, params as never[]))]);
      })) as never,
    close: () => server!.stop(),
  };
}

const databases: [string, () => Promise<TestDb>][] = [['PGlite', pglite]];
if (postgresBin() || process.env.CI) databases.push(['PostgreSQL server', postgresServer]);

describe.each(databases)('migrations and RLS on %s', (_name, open) => {
  let db: TestDb;
  let adminId: string;
  let memberId: string;
  beforeAll(async () => {
    db = await open();
    const users = await db.query(`insert into auth.users (email) values ('admin@example.com'), ('member@example.com') returning id, email`);
    adminId = String(users.find((user) => user.email === 'admin@example.com')!.id);
    memberId = String(users.find((user) => user.email === 'member@example.com')!.id);
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [adminId]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  const admin = () => ({ role: 'authenticated', sub: adminId });
  const member = () => ({ role: 'authenticated', sub: memberId });
  const anon = { role: 'anon' };

  it('a signed-in user reads only their own roles', async () => {
    expect(await db.asRole(member(), (query) => query('select role from public.user_roles'))).toEqual([]);
    expect(await db.asRole(admin(), (query) => query('select role from public.user_roles'))).toEqual([{ role: 'admin' }]);
  });

  it('nobody grants or changes roles through the API', async () => {
    expect(await sqlError(() => db.asRole(member(), (query) => query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [memberId])))).toBe('42501');
    expect(await sqlError(() => db.asRole(admin(), (query) => query(`update public.user_roles set role = 'user'`)))).toBe('42501');
    expect(await sqlError(() => db.asRole(anon, (query) => query('select * from public.user_roles')))).toBe('42501');
  });

  it('has_role: anonymous callers are refused, signed-in ones get the answer', async () => {
    expect(await sqlError(() => db.asRole(anon, (query) => query(`select public.has_role($1, 'admin')`, [adminId])))).toBe('42501');
    const answers = await db.asRole(member(), (query) => query(`select public.has_role($1, 'admin') as a, public.has_role($2, 'admin') as m`, [adminId, memberId]));
    expect(answers).toEqual([{ a: true, m: false }]);
  });

  it('the public bucket takes raster images and videos, no SVG', async () => {
    const [bucket] = await db.query(`select public, allowed_mime_types from storage.buckets where id = 'videos'`);
    expect(bucket?.public).toBe(true);
    expect(bucket?.allowed_mime_types).toEqual(expect.arrayContaining(['image/png', 'image/jpeg', 'video/mp4']));
    expect(bucket?.allowed_mime_types).not.toContain('image/svg+xml');
  });

  it('conversion event ids: claimed once within 48 hours, released for a retry, service role only', async () => {
    const service = { role: 'service_role' };
    const claim = (id: string) => (query: Query) => query('select public.claim_conversion_event_id($1) as claimed', [id]);
    expect(await db.asRole(service, claim('lead.1'))).toEqual([{ claimed: true }]);
    expect(await db.asRole(service, claim('lead.1'))).toEqual([{ claimed: false }]);
    await db.asRole(service, (query) => query('select public.release_conversion_event_id($1)', ['lead.1']));
    expect(await db.asRole(service, claim('lead.1'))).toEqual([{ claimed: true }]);
    // An id forwarded more than 48 hours ago may be forwarded again.
    await db.query(`update public.conversion_event_ids set forwarded_at = now() - interval '49 hours' where event_id = 'lead.1'`);
    expect(await db.asRole(service, claim('lead.1'))).toEqual([{ claimed: true }]);
    expect(await sqlError(() => db.asRole(anon, claim('lead.2')))).toBe('42501');
    expect(await sqlError(() => db.asRole(member(), claim('lead.2')))).toBe('42501');
    expect(await sqlError(() => db.asRole(anon, (query) => query('select * from public.conversion_event_ids')))).toBe('42501');
  });

  it('anyone reads the bucket; only an admin writes to it', async () => {
    const insert = (name: string) => (query: Query) => query(`insert into storage.objects (bucket_id, name) values ('videos', $1) returning name`, [name]);
    expect(await db.asRole(admin(), insert('hero/new.mp4'))).toEqual([{ name: 'hero/new.mp4' }]);
    expect(await sqlError(() => db.asRole(member(), insert('hero/member.mp4')))).toBe('42501');
    expect(await sqlError(() => db.asRole(anon, insert('hero/anon.mp4')))).toBe('42501');
    expect(await db.asRole(anon, (query) => query(`select name from storage.objects where bucket_id = 'videos'`))).toEqual([{ name: 'hero/new.mp4' }]);
  });
});

it('runs on a real PostgreSQL server where one is installed (CI installs Debian’s)', () => {
  if (process.env.CI) expect(postgresBin(), 'CI must have PostgreSQL: .ci/run installs it').not.toBeNull();
  if (server) expect(server.version).toMatch(/^\d+\.\d+/);
});
