// @vitest-environment node
/**
 * The migrations and their row level security, run the same way on PGlite (the local stand-in's
 * database) and on a real PostgreSQL server (Debian's `postgresql`, started by this file): the
 * stand-in's bootstrap (the slice of Supabase's auth and storage schemas) plus
 * supabase/migrations in file-name order, then each rule as the API roles see it.
 * On the server, concurrent calls run on separate connections, in transactions open side by side.
 * The delivery schedule (pg_cron) is tested on a server that preloads pg_cron, with stand-ins for
 * Supabase's Vault and pg_net; the migrations also apply where pg_cron is absent.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type postgres from 'postgres';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asRole as pgliteAsRole, openDatabase, sqlState } from '../../supabase/local/db.ts';
import { pgCronInstalled, postgresBin, startPostgres, type PostgresServer } from '../support/postgres-server.ts';
import { sqlError } from '../support/sql-error.ts';

const supabaseDir = fileURLToPath(new URL('../../supabase/', import.meta.url));
type Row = Record<string, unknown>;
type Query = (text: string, params?: unknown[]) => Promise<Row[]>;
type Claims = { role: string; sub?: string };

interface TestDb {
  query: Query;
  asRole<T>(claims: Claims, fn: (query: Query) => Promise<T>): Promise<T>;
  /** Transactions run side by side, each on its own connection (the server); PGlite runs one at a time. */
  concurrent: boolean;
  close(): Promise<void>;
}

async function pglite(): Promise<TestDb> {
  const { db } = await openDatabase(null, supabaseDir);
  return {
    query: async (text, params) => (await db.query<Row>(text, params)).rows,
    asRole: (claims, fn) => pgliteAsRole(db, claims, (tx) => fn(async (text, params) => (await tx.query<Row>(text, params)).rows)),
    concurrent: false,
    close: () => db.close(),
  };
}

const migrationFiles = () =>
  readdirSync(join(supabaseDir, 'migrations'))
    .filter((name) => name.endsWith('.sql'))
    .sort();
const migration = (file: string) => readFileSync(join(supabaseDir, 'migrations', file), 'utf8');

/** The stand-in's bootstrap, then every migration, as `supabase db push` would apply them. */
async function migrate(sql: postgres.Sql): Promise<void> {
  await sql.unsafe(readFileSync(join(supabaseDir, 'local', 'bootstrap.sql'), 'utf8'));
  for (const file of migrationFiles()) await sql.unsafe(migration(file));
}

let server: PostgresServer | undefined;
async function postgresServer(): Promise<TestDb> {
  // 24 connections: the concurrency tests hold 20 transactions open at once.
  server = await startPostgres({ max: 24 });
  const { sql } = server;
  await migrate(sql);
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
    concurrent: true,
    close: () => server!.stop(),
  };
}

/** The SQLSTATE and message a call fails with. */
async function refusal(fn: () => Promise<unknown>): Promise<{ code: string | undefined; message: string } | 'no error'> {
  try {
    await fn();
  } catch (error) {
    return { code: sqlState(error), message: error instanceof Error ? error.message : String(error) };
  }
  return 'no error';
}

/** A promise and the function that settles it. */
function signal(): [Promise<void>, () => void] {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return [promise, resolve];
}

const databases: [string, () => Promise<TestDb>][] = [['PGlite', pglite]];
if (postgresBin() || process.env.CI) databases.push(['PostgreSQL server', postgresServer]);

describe.each(databases)('migrations and RLS on %s', (_name, open) => {
  let db: TestDb;
  let adminId: string;
  let memberId: string;
  let editorId: string;
  beforeAll(async () => {
    db = await open();
    const users = await db.query(`insert into auth.users (email) values ('admin@example.com'), ('member@example.com'), ('editor@example.com') returning id, email`);
    const idOf = (email: string) => String(users.find((user) => user.email === email)!.id);
    [adminId, memberId, editorId] = [idOf('admin@example.com'), idOf('member@example.com'), idOf('editor@example.com')];
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin'), ($2, 'editor')`, [adminId, editorId]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  const admin = () => ({ role: 'authenticated', sub: adminId });
  const member = () => ({ role: 'authenticated', sub: memberId });
  /** The content editor's role: the content files, nothing of the admin's data. */
  const editor = () => ({ role: 'authenticated', sub: editorId });
  const anon = { role: 'anon' };
  const service = { role: 'service_role' };

  it('a signed-in user reads only their own roles', async () => {
    expect(await db.asRole(member(), (query) => query('select role from public.user_roles'))).toEqual([]);
    expect(await db.asRole(admin(), (query) => query('select role from public.user_roles'))).toEqual([{ role: 'admin' }]);
    expect(await db.asRole(editor(), (query) => query('select role from public.user_roles'))).toEqual([{ role: 'editor' }]);
  });

  it('nobody grants or changes roles through the API', async () => {
    expect(await sqlError(() => db.asRole(member(), (query) => query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [memberId])))).toBe('42501');
    expect(await sqlError(() => db.asRole(admin(), (query) => query(`update public.user_roles set role = 'user'`)))).toBe('42501');
    expect(await sqlError(() => db.asRole(editor(), (query) => query(`update public.user_roles set role = 'admin'`)))).toBe('42501');
    expect(await sqlError(() => db.asRole(editor(), (query) => query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [editorId])))).toBe('42501');
    expect(await sqlError(() => db.asRole(anon, (query) => query('select * from public.user_roles')))).toBe('42501');
  });

  it('has_role answers a signed-in user about their own id only; the service role and SQL about anyone; anonymous callers are refused', async () => {
    const ask = (query: Query) => query(`select public.has_role($1, 'admin') as a, public.has_role($2, 'admin') as m`, [adminId, memberId]);
    expect(await sqlError(() => db.asRole(anon, ask))).toBe('42501');
    // A member cannot learn who the admins are.
    expect(await db.asRole(member(), ask)).toEqual([{ a: false, m: false }]);
    expect(await db.asRole(admin(), ask)).toEqual([{ a: true, m: false }]);
    expect(await db.asRole(service, ask)).toEqual([{ a: true, m: false }]);
    expect(await ask(db.query)).toEqual([{ a: true, m: false }]);
  });

  it('has_role answers editor for an editor, who is no admin', async () => {
    const ask = (query: Query) => query(`select public.has_role($1, 'editor') as editor, public.has_role($1, 'admin') as admin`, [editorId]);
    expect(await db.asRole(editor(), ask)).toEqual([{ editor: true, admin: false }]);
    expect(await db.asRole(service, ask)).toEqual([{ editor: true, admin: false }]);
    // An editor cannot learn who the admins are either, and an admin is not an editor.
    expect(await db.asRole(editor(), (query) => query(`select public.has_role($1, 'admin') as a, public.has_role($1, 'editor') as e`, [adminId]))).toEqual([
      { a: false, e: false },
    ]);
    expect(await db.query(`select public.has_role($1, 'editor') as e`, [adminId])).toEqual([{ e: false }]);
  });

  it('no policy or function lets an editor in: whatever asks for admin asks for admin only', async () => {
    expect(await db.query(`select policyname from pg_policies where concat(qual, ' ', with_check) like '%editor%'`)).toEqual([]);
    expect(await db.query(`select proname from pg_proc where pronamespace in ('public'::regnamespace, 'storage'::regnamespace) and prosrc like '%editor%'`)).toEqual([]);
  });

  it('the public bucket takes raster images and videos, no SVG', async () => {
    const [bucket] = await db.query(`select public, allowed_mime_types from storage.buckets where id = 'videos'`);
    expect(bucket?.public).toBe(true);
    expect(bucket?.allowed_mime_types).toEqual(expect.arrayContaining(['image/png', 'image/jpeg', 'video/mp4']));
    expect(bucket?.allowed_mime_types).not.toContain('image/svg+xml');
  });

  it('only an admin writes to the bucket or lists it (its files are served by their public URLs)', async () => {
    const insert = (name: string) => (query: Query) => query(`insert into storage.objects (bucket_id, name) values ('videos', $1) returning name`, [name]);
    expect(await db.asRole(admin(), insert('hero/new.mp4'))).toEqual([{ name: 'hero/new.mp4' }]);
    expect(await sqlError(() => db.asRole(member(), insert('hero/member.mp4')))).toBe('42501');
    expect(await sqlError(() => db.asRole(anon, insert('hero/anon.mp4')))).toBe('42501');
    const list = (query: Query) => query(`select name from storage.objects where bucket_id = 'videos'`);
    expect(await db.asRole(anon, list)).toEqual([]);
    expect(await db.asRole(member(), list)).toEqual([]);
    expect(await db.asRole(admin(), list)).toEqual([{ name: 'hero/new.mp4' }]);
  });

  it('an editor uploads, lists, replaces and deletes nothing in the bucket', async () => {
    const name = 'uploads/editor-test.mp4';
    expect(await db.asRole(admin(), (query) => query(`insert into storage.objects (bucket_id, name) values ('videos', $1) returning name`, [name]))).toEqual([{ name }]);
    expect(await sqlError(() => db.asRole(editor(), (query) => query(`insert into storage.objects (bucket_id, name) values ('videos', 'hero/editor.mp4')`)))).toBe(
      '42501',
    );
    expect(await db.asRole(editor(), (query) => query(`select name from storage.objects where bucket_id = 'videos'`))).toEqual([]);
    // Update and delete see no row of hers to change: nothing happens.
    expect(await db.asRole(editor(), (query) => query(`update storage.objects set name = 'hero/taken.mp4' where name = $1 returning name`, [name]))).toEqual([]);
    expect(await db.asRole(editor(), (query) => query(`delete from storage.objects where name = $1 returning name`, [name]))).toEqual([]);
    expect(await db.query(`select name from storage.objects where name = $1`, [name])).toEqual([{ name }]);
    await db.query(`delete from storage.objects where name = $1`, [name]);
  });

  it('the ledger replaced the 48-hour event id table and its functions', async () => {
    expect(await db.query(`select to_regclass('public.conversion_event_ids') as t`)).toEqual([{ t: null }]);
    expect(await db.query(`select proname from pg_proc where proname in ('claim_conversion_event_id', 'release_conversion_event_id')`)).toEqual([]);
  });

  describe('the conversions ledger', () => {
    beforeEach(async () => {
      await db.query('delete from public.conversions');
    });

    const iso = (msAgo = 0) => new Date(Date.now() - msAgo).toISOString();
    const DAY = 24 * 60 * 60 * 1000;
    /** A consented event as the endpoints record it: sendable, with what Meta needs in meta_event. */
    const consented = (id: string, extra: Row = {}): Row => ({
      event_id: id,
      event_name: 'Lead',
      conversion_type: 'lead_form',
      event_time: iso(),
      endpoint: 'pages',
      page_path: '/guides',
      utm_source: 'facebook',
      utm_campaign: 'spring',
      referrer_host: 'l.facebook.com',
      landing_path: '/guides',
      had_fbclid: true,
      consented: true,
      meta_event: { event_name: 'Lead', event_id: id, user_data: { client_ip_address: '203.0.113.7', client_user_agent: 'test' } },
      state: 'pending',
      ...extra,
    });
    /** A conversion counted without consent: type, time, page and campaign tags only. */
    const counted = (id: string, extra: Row = {}): Row => ({
      event_id: id,
      event_name: 'Lead',
      conversion_type: 'lead_form',
      event_time: iso(),
      endpoint: 'edge',
      page_path: '/guides',
      utm_source: 'facebook',
      utm_campaign: 'spring',
      consented: false,
      state: 'not_consented',
      ...extra,
    });
    const recordAs = (claims: Claims, row: Row) => db.asRole(claims, (query) => query('select public.record_conversion($1::text::jsonb) as r', [JSON.stringify(row)]));
    const record = async (row: Row) => (await recordAs(service, row))[0]!.r;
    const claim = (query: Query, limit: number, eventId: string | null = null) =>
      query('select event_id, attempts, meta_event from public.claim_conversions($1, $2) order by event_id', [limit, eventId]);
    const settle = (outcomes: Row[], status: Row | null = null) =>
      db.asRole(service, (query) =>
        query('select public.settle_conversions($1::text::jsonb, $2::text::jsonb)', [JSON.stringify(outcomes), status && JSON.stringify(status)]),
      );
    const rowOf = async (id: string) => (await db.query('select * from public.conversions where event_id = $1', [id]))[0];

    it('anonymous visitors, members and editors read nothing and execute none of its functions', async () => {
      expect(await record(consented('lead.private'))).toBe('recorded');
      // (`*` names meta_event, which only the service role may read.)
      for (const [table, columns] of [
        ['public.conversions', 'event_id, state'],
        ['public.conversion_delivery_status', '*'],
      ]) {
        // Anonymous visitors have no grant at all (PostgREST answers 401); members read no row.
        expect(await sqlError(() => db.asRole(anon, (query) => query(`select ${columns} from ${table}`)))).toBe('42501');
        expect(await db.asRole(member(), (query) => query(`select ${columns} from ${table}`))).toEqual([]);
        expect(await db.asRole(editor(), (query) => query(`select ${columns} from ${table}`))).toEqual([]);
      }
      const serviceOnly = [
        [`select public.record_conversion($1::text::jsonb)`, [JSON.stringify(consented('lead.intruder'))]],
        [`select * from public.claim_conversions(10)`, []],
        [`select public.settle_conversions('[{"event_id":"lead.private","outcome":"delivered"}]'::jsonb)`, []],
        [`select public.purge_conversions()`, []],
      ] as const;
      for (const [text, params] of serviceOnly) {
        for (const claims of [anon, member(), editor(), admin()]) {
          expect(await refusal(() => db.asRole(claims, (query) => query(text, [...params])))).toEqual({
            code: '42501',
            message: expect.stringMatching(/^permission denied for function (record|claim|settle|purge)_conversions?$/),
          });
        }
      }
      for (const text of ['select public.conversion_report(7)', 'select * from public.conversion_rows(7)', 'select public.retry_failed_conversions()']) {
        expect(await refusal(() => db.asRole(anon, (query) => query(text)))).toEqual({
          code: '42501',
          message: expect.stringMatching(/^permission denied for function/),
        });
        for (const claims of [member(), editor()]) {
          expect(await refusal(() => db.asRole(claims, (query) => query(text)))).toEqual({ code: '42501', message: expect.stringMatching(/^only admins /) });
        }
      }
      for (const text of [
        `insert into public.conversions (event_id, event_name, event_time, endpoint, page_path, consented, state) values ('x', 'Lead', now(), 'pages', '/', false, 'not_consented')`,
        `update public.conversions set state = 'delivered'`,
        'delete from public.conversions',
        'update public.conversion_delivery_status set paused = true',
      ]) {
        for (const claims of [member(), editor(), admin()]) expect(await sqlError(() => db.asRole(claims, (query) => query(text)))).toBe('42501');
      }
      expect(await rowOf('lead.private')).toMatchObject({ state: 'pending', meta_event: expect.objectContaining({ event_id: 'lead.private' }) });
      expect(await rowOf('lead.intruder')).toBeUndefined();
    });

    it('an admin reads the rows, the delivery status, the report and the export, without personal data in the last two', async () => {
      expect(await record(consented('lead.admin'))).toBe('recorded');
      expect(await db.asRole(admin(), (query) => query('select event_id, state, consented from public.conversions'))).toEqual([
        { event_id: 'lead.admin', state: 'pending', consented: true },
      ]);
      expect(await db.asRole(admin(), (query) => query('select paused from public.conversion_delivery_status'))).toEqual([{ paused: false }]);
      const [{ report }] = (await db.asRole(admin(), (query) => query('select public.conversion_report(7) as report'))) as [{ report: Row }];
      expect(report).toMatchObject({ by_type: { lead_form: 1 }, by_state: { pending: 1 } });
      const exported = await db.asRole(admin(), (query) => query('select * from public.conversion_rows(7)'));
      expect(exported).toHaveLength(1);
      expect(Object.keys(exported[0]!).sort()).toEqual(
        [
          'event_id',
          'received_at',
          'event_time',
          'event_name',
          'conversion_type',
          'page_path',
          'utm_source',
          'utm_medium',
          'utm_campaign',
          'utm_content',
          'utm_term',
          'referrer_host',
          'landing_path',
          'had_fbclid',
          'had_gclid',
          'consented',
          'state',
          'attempts',
          'last_error_code',
          'last_error_message',
          'delivered_at',
          'google_state',
          'google_attempts',
          'google_error_reason',
          'google_error_message',
          'google_delivered_at',
        ].sort(),
      );
      expect(JSON.stringify([report, exported])).not.toContain('203.0.113.7');
    });

    it('an admin reads every column but meta_event, which only the service role reads: not by name, *, a filter, the whole row, a view or a function', async () => {
      expect(await record(consented('lead.ip'))).toBe('recorded');
      // PostgREST's select=meta_event, select=*, a filter on it (meta_event=not.is.null), and the row as a whole.
      for (const text of [
        'select meta_event from public.conversions',
        'select * from public.conversions',
        'select event_id from public.conversions where meta_event is not null',
        'select c::text from public.conversions c',
      ]) {
        expect(await refusal(() => db.asRole(admin(), (query) => query(text))), text).toEqual({ code: '42501', message: 'permission denied for table conversions' });
      }
      const columns = await db.query(
        `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'conversions' order by ordinal_position`,
      );
      const readable = columns.map((column) => String(column.column_name)).filter((name) => name !== 'meta_event');
      const [row] = await db.asRole(admin(), (query) => query(`select ${readable.join(', ')} from public.conversions`));
      expect(Object.keys(row!)).toEqual(readable);
      expect(JSON.stringify(row)).not.toContain('203.0.113.7');
      const [kept] = await db.asRole(service, (query) => query('select meta_event from public.conversions'));
      expect(kept!.meta_event).toMatchObject({ user_data: { client_ip_address: '203.0.113.7' } });
      // No view shows the table; the one function an admin may call that reads meta_event answers with counts.
      expect(await db.query(`select view_name from information_schema.view_table_usage where table_schema = 'public' and table_name = 'conversions'`)).toEqual([]);
      expect(
        await db.query(
          `select proname from pg_proc where pronamespace = 'public'::regnamespace and prosrc like '%meta_event%' and has_function_privilege('authenticated', oid, 'execute')`,
        ),
      ).toEqual([{ proname: 'retry_failed_conversions' }]);
    });

    /** The Google part of a conversion whose visit came with a click `clickAgoMs` ago, due `dueInMs` from now. */
    const googlePart = (id: string, clickAgoMs = 7 * 3_600_000, dueInMs = 0): Row => ({
      click_kind: 'gclid',
      click_time: iso(clickAgoMs),
      google_event: { transaction_id: id, event_name: 'Lead', click: { kind: 'gclid', id: `CLICK-${id}` } },
      state: 'pending',
      not_before: iso(-dueInMs),
    });
    const googleRow = async (id: string) => (await db.query('select * from public.conversion_google_ads where event_id = $1', [id]))[0];
    const settleGoogle = (outcomes: Row[], status: Row | null = null) =>
      db.asRole(service, (query) =>
        query('select public.settle_google_ads($1::text::jsonb, $2::text::jsonb)', [JSON.stringify(outcomes), status && JSON.stringify(status)]),
      );

    it('Google Ads: a consented conversion with a Google click gets its own row; a count or an own visit none; the click id is the service role’s alone', async () => {
      expect(await record(consented('lead.google', { google_ads: googlePart('lead.google') }))).toBe('recorded');
      expect(await record(counted('lead.count', { google_ads: googlePart('lead.count') }))).toBe('recorded');
      expect(await record(consented('lead.own', { admin_visit: true, state: 'admin_visit', meta_event: null, google_ads: googlePart('lead.own') }))).toBe('recorded');
      expect(await record(consented('lead.off', { google_ads: { ...googlePart('lead.off'), state: 'not_configured' } }))).toBe('recorded');
      expect(await db.query('select event_id, state, google_event is not null as kept from public.conversion_google_ads order by event_id')).toEqual([
        { event_id: 'lead.google', state: 'pending', kept: true },
        { event_id: 'lead.off', state: 'not_configured', kept: false },
      ]);
      // A count that becomes the consented event gets its Google row then.
      expect(await record(consented('lead.count', { google_ads: googlePart('lead.count') }))).toBe('recorded');
      expect((await googleRow('lead.count'))?.state).toBe('pending');
      for (const text of ['select google_event from public.conversion_google_ads', 'select * from public.conversion_google_ads']) {
        expect(await refusal(() => db.asRole(admin(), (query) => query(text)))).toEqual({ code: '42501', message: 'permission denied for table conversion_google_ads' });
      }
      expect(await db.asRole(admin(), (query) => query(`select event_id, state, click_kind from public.conversion_google_ads where event_id = 'lead.google'`))).toEqual([
        { event_id: 'lead.google', state: 'pending', click_kind: 'gclid' },
      ]);
      for (const claims of [member(), editor()]) {
        expect(await db.asRole(claims, (query) => query('select event_id from public.conversion_google_ads'))).toEqual([]);
        expect(await db.asRole(claims, (query) => query('select paused from public.google_ads_delivery_status'))).toEqual([]);
        expect(await refusal(() => db.asRole(claims, (query) => query('select public.google_ads_report(7)')))).toEqual({
          code: '42501',
          message: 'only admins read conversions',
        });
      }
      expect(await sqlError(() => db.asRole(anon, (query) => query('select event_id from public.conversion_google_ads')))).toBe('42501');
      for (const text of [
        'select * from public.claim_google_ads(10)',
        'select * from public.claim_google_ads_checks(10)',
        `select public.settle_google_ads('[]'::jsonb)`,
      ]) {
        for (const claims of [anon, member(), editor(), admin()]) {
          expect(await refusal(() => db.asRole(claims, (query) => query(text)))).toEqual({
            code: '42501',
            message: expect.stringMatching(/^permission denied for function /),
          });
        }
      }
      for (const claims of [member(), editor(), admin()]) {
        expect(await sqlError(() => db.asRole(claims, (query) => query(`update public.conversion_google_ads set state = 'delivered'`)))).toBe('42501');
      }
      const [{ report }] = (await db.asRole(admin(), (query) => query('select public.google_ads_report(7) as report'))) as [{ report: Row }];
      expect(report).toMatchObject({ by_state: { pending: 2, not_configured: 1 }, status: { paused: false } });
      expect(JSON.stringify(report)).not.toContain('CLICK-');
    });

    it('Google Ads: claimed when due, sent, read back, delivered or failed with the data erased; a 90-day-old click expires; the run status', async () => {
      await record(consented('g.due', { google_ads: googlePart('g.due') }));
      await record(consented('g.later', { google_ads: googlePart('g.later', 3_600_000, 5 * 3_600_000) }));
      await record(consented('g.old', { google_ads: googlePart('g.old', 91 * DAY) }));
      const claimed = await db.asRole(service, (query) => query('select event_id, attempts from public.claim_google_ads(10) order by event_id'));
      expect(claimed).toEqual([{ event_id: 'g.due', attempts: 1 }]);
      expect(await googleRow('g.old')).toMatchObject({ state: 'expired', google_event: null, last_error_reason: 'CLICK_TOO_OLD' });
      // Held for its lease: not claimed again.
      expect(await db.asRole(service, (query) => query('select event_id from public.claim_google_ads(10)'))).toEqual([]);
      // A sent outcome without a request id changes nothing.
      await settleGoogle([{ event_id: 'g.due', outcome: 'sent', next_attempt_at: iso() }]);
      expect((await googleRow('g.due'))?.state).toBe('pending');
      await settleGoogle([{ event_id: 'g.due', outcome: 'sent', request_id: 'req-1', next_attempt_at: iso(1000) }], { ok: true, paused: false });
      expect(await googleRow('g.due')).toMatchObject({ state: 'sent', request_id: 'req-1' });
      const checks = await db.asRole(service, (query) => query('select event_id, request_id from public.claim_google_ads_checks(10)'));
      expect(checks).toEqual([{ event_id: 'g.due', request_id: 'req-1' }]);
      await settleGoogle([{ event_id: 'g.due', outcome: 'delivered' }]);
      expect(await googleRow('g.due')).toMatchObject({ state: 'delivered', google_event: null });
      // Done is done: a late retry or failure changes nothing.
      await settleGoogle([{ event_id: 'g.due', outcome: 'failed', reason: 'X', message: 'late' }]);
      expect((await googleRow('g.due'))?.state).toBe('delivered');
      await db.query(`update public.conversion_google_ads set next_attempt_at = now() where event_id = 'g.later'`);
      expect(await db.asRole(service, (query) => query('select event_id from public.claim_google_ads(10)'))).toEqual([{ event_id: 'g.later' }]);
      await settleGoogle([{ event_id: 'g.later', outcome: 'failed', reason: 'INVALID_CLICK', message: 'Google refused it' }], {
        ok: false,
        paused: true,
        problem_reason: 'PERMISSION_DENIED',
        problem_message: 'add the service account as a user',
      });
      expect(await googleRow('g.later')).toMatchObject({ state: 'failed', google_event: null, last_error_reason: 'INVALID_CLICK' });
      const [{ report }] = (await db.asRole(admin(), (query) => query('select public.google_ads_report(7) as report'))) as [{ report: Row }];
      expect(report).toMatchObject({
        by_state: { delivered: 1, failed: 1, expired: 1 },
        status: { paused: true, problem_reason: 'PERMISSION_DENIED', problem_message: 'add the service account as a user' },
      });
      const exported = await db.asRole(admin(), (query) => query(`select event_id, google_state, google_error_reason from public.conversion_rows(7) order by event_id`));
      expect(exported).toEqual([
        { event_id: 'g.due', google_state: 'delivered', google_error_reason: null },
        { event_id: 'g.later', google_state: 'failed', google_error_reason: 'INVALID_CLICK' },
        { event_id: 'g.old', google_state: 'expired', google_error_reason: 'CLICK_TOO_OLD' },
      ]);
    });

    it('an admin’s own visit is recorded apart: nothing kept for Meta, never claimed, out of the report’s counts and the export, counted on its own', async () => {
      const own = { admin_visit: true, state: 'admin_visit', meta_event: null };
      expect(await record(consented('lead.visitor'))).toBe('recorded');
      expect(await record(counted('lead.coach', own))).toBe('recorded');
      expect(await record(consented('lead.coach.consented', own))).toBe('recorded');
      expect(await rowOf('lead.coach.consented')).toMatchObject({ admin_visit: true, state: 'admin_visit', consented: true, meta_event: null, next_attempt_at: null });
      // An own visit never holds what Meta needs and is never pending; the state and the mark go together.
      for (const bad of [
        consented('lead.coach.bad', { ...own, meta_event: { event_id: 'lead.coach.bad' } }),
        consented('lead.coach.bad', { admin_visit: true }),
        counted('lead.coach.bad', { state: 'admin_visit' }),
      ]) {
        expect(await sqlError(() => recordAs(service, bad))).toBe('23514');
      }
      // Consent given afterwards on the same page changes nothing: it stays the admin's.
      expect(await record(consented('lead.coach', own))).toBe('duplicate');
      expect((await db.asRole(service, (query) => claim(query, 10))).map((row) => row.event_id)).toEqual(['lead.visitor']);
      expect(await db.asRole(admin(), (query) => query('select event_id, admin_visit from public.conversions order by event_id'))).toEqual([
        { event_id: 'lead.coach', admin_visit: true },
        { event_id: 'lead.coach.consented', admin_visit: true },
        { event_id: 'lead.visitor', admin_visit: false },
      ]);
      const [{ report }] = (await db.asRole(admin(), (query) => query('select public.conversion_report(7) as report'))) as [{ report: Row }];
      expect(report).toMatchObject({
        by_type: { lead_form: 1 },
        by_day: [{ type: 'lead_form', n: 1 }],
        by_campaign: [{ source: 'facebook', campaign: 'spring', type: 'lead_form', n: 1 }],
        by_state: { pending: 1 },
        admin_visits: 2,
      });
      expect((await db.asRole(admin(), (query) => query('select event_id from public.conversion_rows(7)'))).map((row) => row.event_id)).toEqual(['lead.visitor']);
    });

    it('record_conversion: recorded, then duplicate; a count becomes the consented event of its id, a consented row never changes', async () => {
      expect(await record(consented('lead.once'))).toBe('recorded');
      expect(await record(consented('lead.once', { page_path: '/other' }))).toBe('duplicate');
      expect(await rowOf('lead.once')).toMatchObject({ page_path: '/guides', state: 'pending' });

      expect(await record(counted('lead.later'))).toBe('recorded');
      expect(await rowOf('lead.later')).toMatchObject({ consented: false, state: 'not_consented', meta_event: null, next_attempt_at: null });
      expect(await record(counted('lead.later'))).toBe('duplicate');
      // The visitor agrees on the same page: the same id comes back with consent.
      expect(await record(consented('lead.later'))).toBe('recorded');
      expect(await rowOf('lead.later')).toMatchObject({
        consented: true,
        state: 'pending',
        meta_event: expect.objectContaining({ event_id: 'lead.later' }),
        next_attempt_at: expect.any(Date),
        had_fbclid: true,
        referrer_host: 'l.facebook.com',
        landing_path: '/guides',
      });
      // Neither a second consented record nor a count touches it again.
      const before = await rowOf('lead.later');
      expect(await record(consented('lead.later', { meta_event: { event_name: 'Lead', event_id: 'other' }, had_fbclid: false }))).toBe('duplicate');
      expect(await record(counted('lead.later'))).toBe('duplicate');
      expect(await rowOf('lead.later')).toEqual(before);
      // A delivered id stays delivered when it is recorded again.
      await db.asRole(service, (query) => claim(query, 10));
      await settle([{ event_id: 'lead.once', outcome: 'delivered' }]);
      expect(await record(consented('lead.once'))).toBe('duplicate');
      expect(await rowOf('lead.once')).toMatchObject({ state: 'delivered', meta_event: null });
    });

    it('record_conversion: 20 concurrent calls with one id make one row and one "recorded"', async () => {
      const calls = 20;
      const row = JSON.stringify(consented('lead.race'));
      const [allIn, release] = signal();
      let started = 0;
      const answers = await Promise.all(
        Array.from({ length: calls }, () =>
          db.asRole(service, async (query) => {
            if (db.concurrent) {
              // Every transaction open on its own connection before any of them records.
              await query('select 1');
              if (++started === calls) release();
              await allIn;
            }
            return (await query('select public.record_conversion($1::text::jsonb) as r', [row]))[0]!.r;
          }),
        ),
      );
      expect(answers.filter((answer) => answer === 'recorded')).toHaveLength(1);
      expect(answers.filter((answer) => answer === 'duplicate')).toHaveLength(calls - 1);
      expect(await db.query(`select count(*)::int as n from public.conversions where event_id = 'lead.race'`)).toEqual([{ n: 1 }]);
    });

    it('the constraints refuse personal data on a count without consent, and a pending row with nothing to send', async () => {
      for (const extra of [
        { meta_event: { event_name: 'Lead', user_data: { client_ip_address: '203.0.113.7' } } },
        { had_fbclid: true },
        { had_gclid: true },
        { referrer_host: 'l.facebook.com' },
        { landing_path: '/guides' },
        { state: 'pending' },
      ]) {
        expect(await sqlError(() => recordAs(service, counted('lead.bad', extra)))).toBe('23514');
      }
      expect(await sqlError(() => recordAs(service, consented('lead.bad', { meta_event: null })))).toBe('23514');
      expect(await sqlError(() => recordAs(service, consented('lead bad')))).toBe('23514');
      expect(await db.query('select event_id from public.conversions')).toEqual([]);
    });

    it('claim_conversions: two concurrent claims never return the same row; a claimed row is not due again within its lease', async () => {
      const ids = Array.from({ length: 6 }, (_, i) => `lead.claim.${i}`);
      for (const id of ids) expect(await record(consented(id))).toBe('recorded');
      let first: Row[];
      let second: Row[];
      if (db.concurrent) {
        // The first claim's transaction stays open, its rows locked, while the second one runs.
        const [claimed, firstClaimed] = signal();
        const [secondDone, finishSecond] = signal();
        const a = db.asRole(service, async (query) => {
          const rows = await claim(query, 3);
          firstClaimed();
          await secondDone;
          return rows;
        });
        await claimed;
        const b = db
          .asRole(service, async (query) => {
            await query(`set local lock_timeout = '5s'`);
            return claim(query, 10);
          })
          .finally(finishSecond);
        [first, second] = await Promise.all([a, b]);
      } else {
        first = await db.asRole(service, (query) => claim(query, 3));
        second = await db.asRole(service, (query) => claim(query, 10));
      }
      expect(first).toHaveLength(3);
      expect(second).toHaveLength(3);
      expect([...first, ...second].map((row) => row.event_id).sort()).toEqual(ids);
      expect([...first, ...second].every((row) => row.attempts === 1 && (row.meta_event as Row).event_name === 'Lead')).toBe(true);
      // Within the lease (120 s by default) nothing is due.
      expect(await db.asRole(service, (query) => claim(query, 10))).toEqual([]);
      expect(await db.query(`select count(*)::int as n from public.conversions where next_attempt_at > now() + interval '100 seconds'`)).toEqual([{ n: 6 }]);
      // Once the lease has run out, the row is claimed again.
      await db.query(`update public.conversions set next_attempt_at = now() - interval '1 second' where event_id = 'lead.claim.0'`);
      expect((await db.asRole(service, (query) => claim(query, 10))).map(({ event_id, attempts }) => ({ event_id, attempts }))).toEqual([
        { event_id: 'lead.claim.0', attempts: 2 },
      ]);
    });

    it('claim_conversions: one event by id; pending events older than 7 days expire, and lose their personal data, at the next claim', async () => {
      expect(await record(consented('lead.mine'))).toBe('recorded');
      expect(await record(consented('lead.other'))).toBe('recorded');
      expect(await record(consented('lead.stale', { event_time: iso(8 * DAY) }))).toBe('recorded');
      expect((await db.asRole(service, (query) => claim(query, 10, 'lead.mine'))).map((row) => row.event_id)).toEqual(['lead.mine']);
      expect(await rowOf('lead.stale')).toMatchObject({ state: 'expired', meta_event: null, next_attempt_at: null });
      expect((await db.asRole(service, (query) => claim(query, 10))).map((row) => row.event_id)).toEqual(['lead.other']);
      expect(await rowOf('lead.stale')).toMatchObject({ state: 'expired', attempts: 0 });
    });

    it('settle_conversions: delivered erases meta_event; retry sets next_attempt_at; failed keeps meta_event with the code and message; the run status', async () => {
      for (const id of ['lead.a', 'lead.b', 'lead.c']) expect(await record(consented(id))).toBe('recorded');
      expect(await db.asRole(service, (query) => claim(query, 10))).toHaveLength(3);
      const later = new Date(Date.now() + 5 * 60_000).toISOString();
      await settle(
        [
          { event_id: 'lead.a', outcome: 'delivered', fbtrace_id: 'trace-a' },
          { event_id: 'lead.b', outcome: 'retry', code: 2, message: 'Service temporarily unavailable', next_attempt_at: later },
          { event_id: 'lead.c', outcome: 'failed', code: 100, message: 'Invalid parameter', fbtrace_id: 'trace-c' },
        ],
        { ok: true, paused: false, api_version: 'v25.0' },
      );
      const rows = await db.query(
        `select event_id, state, meta_event is not null as has_meta, delivered_at is not null as delivered, next_attempt_at = $1::timestamptz as due_later,
                next_attempt_at is null as not_due, last_error_code, last_error_message, fbtrace_id
           from public.conversions order by event_id`,
        [later],
      );
      expect(rows).toEqual([
        {
          event_id: 'lead.a',
          state: 'delivered',
          has_meta: false,
          delivered: true,
          due_later: null,
          not_due: true,
          last_error_code: null,
          last_error_message: null,
          fbtrace_id: 'trace-a',
        },
        {
          event_id: 'lead.b',
          state: 'pending',
          has_meta: true,
          delivered: false,
          due_later: true,
          not_due: false,
          last_error_code: 2,
          last_error_message: 'Service temporarily unavailable',
          fbtrace_id: null,
        },
        {
          event_id: 'lead.c',
          state: 'failed',
          has_meta: true,
          delivered: false,
          due_later: null,
          not_due: true,
          last_error_code: 100,
          last_error_message: 'Invalid parameter',
          fbtrace_id: 'trace-c',
        },
      ]);
      const status = () =>
        db.query(
          `select paused, problem_code, problem_message, problem_at is not null as problem_at, last_success_at, last_run_at, api_version from public.conversion_delivery_status`,
        );
      const [ok] = await status();
      expect(ok).toMatchObject({ paused: false, api_version: 'v25.0', last_success_at: expect.any(Date), last_run_at: expect.any(Date) });
      // A settled row is not settled again; a retry without a time is due in a minute.
      await settle([
        { event_id: 'lead.a', outcome: 'failed', code: 190, message: 'late' },
        { event_id: 'lead.b', outcome: 'retry' },
      ]);
      expect(await rowOf('lead.a')).toMatchObject({ state: 'delivered', last_error_code: null });
      expect(
        await db.query(
          `select next_attempt_at between now() + interval '50 seconds' and now() + interval '70 seconds' as in_a_minute from public.conversions where event_id = 'lead.b'`,
        ),
      ).toEqual([{ in_a_minute: true }]);
      // Meta refuses the token: delivery pauses, the problem is kept, the last success stays.
      await settle([], { ok: false, paused: true, problem_code: 190, problem_message: 'Error validating access token' });
      expect((await status())[0]).toEqual({
        ...ok,
        paused: true,
        problem_code: 190,
        problem_message: 'Error validating access token',
        problem_at: true,
        last_run_at: expect.any(Date),
      });
    });

    it('purge_conversions: personal data of events received more than 7 days ago is erased; rows older than the retention are deleted', async () => {
      for (const id of ['lead.young', 'lead.old', 'lead.old.failed', 'lead.year', 'lead.ancient']) expect(await record(consented(id))).toBe('recorded');
      await db.query(`update public.conversions set received_at = now() - interval '8 days' where event_id in ('lead.old', 'lead.old.failed')`);
      await db.query(`update public.conversions set state = 'failed', next_attempt_at = null, last_error_code = 100 where event_id = 'lead.old.failed'`);
      await db.query(
        `update public.conversions set state = 'delivered', meta_event = null, next_attempt_at = null, delivered_at = now() - interval '12 months',
                received_at = now() - interval '12 months' where event_id = 'lead.year'`,
      );
      await db.query(
        `update public.conversions set state = 'delivered', meta_event = null, next_attempt_at = null, delivered_at = now() - interval '14 months',
                received_at = now() - interval '14 months' where event_id = 'lead.ancient'`,
      );
      expect(await db.asRole(service, (query) => query('select public.purge_conversions() as deleted'))).toEqual([{ deleted: 1 }]);
      const rows = await db.query(
        `select event_id, state, meta_event is not null as has_meta, next_attempt_at is not null as due from public.conversions order by event_id`,
      );
      expect(rows).toEqual([
        { event_id: 'lead.old', state: 'expired', has_meta: false, due: false },
        { event_id: 'lead.old.failed', state: 'failed', has_meta: false, due: false },
        { event_id: 'lead.year', state: 'delivered', has_meta: false, due: false },
        { event_id: 'lead.young', state: 'pending', has_meta: true, due: true },
      ]);
      expect(await db.asRole(service, (query) => query('select public.purge_conversions(11) as deleted'))).toEqual([{ deleted: 1 }]);
      expect(await rowOf('lead.year')).toBeUndefined();
    });

    it('conversion_report counts by type, UTC day, campaign and state over the period, whatever the session time zone', async () => {
      const todayStart = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z').getTime();
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const rows: [Row, number][] = [
        // One minute after midnight UTC: still the previous day in New York.
        [consented('r1'), todayStart + 60_000],
        [counted('r2'), todayStart + 60_000],
        [consented('r3', { event_name: 'Schedule', conversion_type: 'call_scheduling', utm_source: 'google', utm_campaign: null }), todayStart + 60_000],
        [
          consented('r4', { event_name: 'CompleteRegistration', conversion_type: 'resource_registration', utm_source: null, utm_campaign: null }),
          todayStart - 60 * 60_000,
        ],
        [counted('r5', { event_name: 'Contact', conversion_type: null, utm_source: null, utm_campaign: null }), todayStart + 60_000],
        [consented('r6'), todayStart - 10 * DAY],
      ];
      for (const [row, receivedAt] of rows) {
        expect(await record(row)).toBe('recorded');
        await db.query('update public.conversions set received_at = $2::timestamptz where event_id = $1', [row.event_id, new Date(receivedAt).toISOString()]);
      }
      await db.query(
        `update public.conversions set state = 'delivered', meta_event = null, next_attempt_at = null, delivered_at = received_at + interval '1 minute' where event_id = 'r6'`,
      );
      for (const timeZone of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
        const [{ report }] = (await db.asRole(admin(), async (query) => {
          await query(`select set_config('timezone', $1, true)`, [timeZone]);
          return query('select public.conversion_report(7) as report');
        })) as [{ report: Record<string, unknown> & { by_day: Row[]; by_campaign: Row[] } }];
        const sorted = (list: Row[]) => list.map((item) => JSON.stringify(item, Object.keys(item).sort())).sort();
        expect(new Date(String(report.since)).getTime(), timeZone).toBe(todayStart - 6 * DAY);
        expect(report.by_type, timeZone).toEqual({ lead_form: 2, call_scheduling: 1, resource_registration: 1, Contact: 1 });
        expect(sorted(report.by_day), timeZone).toEqual(
          sorted([
            { day: day(todayStart - 60 * 60_000), type: 'resource_registration', n: 1 },
            { day: day(todayStart), type: 'lead_form', n: 2 },
            { day: day(todayStart), type: 'call_scheduling', n: 1 },
            { day: day(todayStart), type: 'Contact', n: 1 },
          ]),
        );
        expect(report.by_day.map((entry) => entry.day)).toEqual([...report.by_day.map((entry) => entry.day)].sort());
        expect(sorted(report.by_campaign), timeZone).toEqual(
          sorted([
            { source: 'facebook', campaign: 'spring', type: 'lead_form', n: 2 },
            { source: 'google', campaign: null, type: 'call_scheduling', n: 1 },
            { source: null, campaign: null, type: 'resource_registration', n: 1 },
            { source: null, campaign: null, type: 'Contact', n: 1 },
          ]),
        );
        expect(report.by_campaign[0]).toMatchObject({ source: null, campaign: null });
        expect(report.by_state, timeZone).toEqual({ pending: 3, not_consented: 2 });
        expect(new Date(String(report.last_delivered_at)).getTime(), timeZone).toBe(todayStart - 10 * DAY + 60_000);
        expect(Object.keys(report.status as Row).sort()).toEqual([
          'api_version',
          'last_run_at',
          'last_success_at',
          'paused',
          'problem_at',
          'problem_code',
          'problem_message',
        ]);
        // 60 days back may cross a change of daylight saving time (New York's, in autumn): still whole UTC days.
        const [{ since60 }] = (await db.asRole(admin(), async (query) => {
          await query(`select set_config('timezone', $1, true)`, [timeZone]);
          return query(`select public.conversion_report(60) ->> 'since' as since60`);
        })) as [{ since60: string }];
        expect(new Date(since60).getTime(), timeZone).toBe(todayStart - 59 * DAY);
        const exported = await db.asRole(admin(), async (query) => {
          await query(`select set_config('timezone', $1, true)`, [timeZone]);
          return query('select event_id from public.conversion_rows(7)');
        });
        expect(exported.map((row) => row.event_id).sort(), timeZone).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
      }
      const [{ one }] = (await db.asRole(admin(), (query) => query(`select public.conversion_report(1) -> 'by_type' as one`))) as [{ one: Row }];
      expect(one).toEqual({ lead_form: 2, call_scheduling: 1, Contact: 1 });
    });

    it('retry_failed_conversions sends failed events younger than 7 days back to pending, due now, and says how many stay refused', async () => {
      // Nothing refused: nothing to retry.
      expect(await db.asRole(admin(), (query) => query('select public.retry_failed_conversions() as n'))).toEqual([{ n: { retried: 0, not_retried: 0 } }]);
      for (const id of ['lead.failed', 'lead.failed.old', 'lead.failed.erased', 'lead.done']) expect(await record(consented(id))).toBe('recorded');
      await db.query(
        `update public.conversions set state = 'failed', next_attempt_at = null, last_error_code = 100, last_error_message = 'Invalid parameter' where event_id like 'lead.failed%'`,
      );
      await db.query(`update public.conversions set event_time = now() - interval '8 days' where event_id = 'lead.failed.old'`);
      await db.query(`update public.conversions set meta_event = null where event_id = 'lead.failed.erased'`);
      await db.query(`update public.conversions set state = 'delivered', meta_event = null, next_attempt_at = null where event_id = 'lead.done'`);
      expect(await db.asRole(admin(), (query) => query('select public.retry_failed_conversions() as n'))).toEqual([{ n: { retried: 1, not_retried: 2 } }]);
      const rows = await db.query(
        `select event_id, state, next_attempt_at <= now() as due, last_error_code, last_error_message from public.conversions order by event_id`,
      );
      expect(rows).toEqual([
        { event_id: 'lead.done', state: 'delivered', due: null, last_error_code: null, last_error_message: null },
        { event_id: 'lead.failed', state: 'pending', due: true, last_error_code: null, last_error_message: null },
        { event_id: 'lead.failed.erased', state: 'failed', due: null, last_error_code: 100, last_error_message: 'Invalid parameter' },
        { event_id: 'lead.failed.old', state: 'failed', due: null, last_error_code: 100, last_error_message: 'Invalid parameter' },
      ]);
      expect((await db.asRole(service, (query) => claim(query, 10))).map((row) => row.event_id)).toEqual(['lead.failed']);
    });
  });
});

it('runs on a real PostgreSQL server where one is installed (CI installs Debian’s)', () => {
  if (process.env.CI) expect(postgresBin(), 'CI must have PostgreSQL: .ci/run installs it').not.toBeNull();
  if (server) expect(server.version).toMatch(/^\d+\.\d+/);
});

describe('the delivery schedule (Supabase Cron) on a PostgreSQL server with pg_cron', () => {
  const installed = pgCronInstalled();
  let cron: PostgresServer | undefined;
  // Stand-ins for what Supabase provides: Vault's secrets (names) and decrypted view, and pg_net's
  // http_post, which records its arguments instead of sending a request.
  const SUPABASE_STUBS = `
    create schema vault;
    create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
    insert into vault.decrypted_secrets values ('project_url', 'https://project-ref.supabase.co'), ('deliver_conversions_key', 'test-deliver-key');
    create table vault.secrets (name text primary key);
    insert into vault.secrets select name from vault.decrypted_secrets;
    create schema net;
    create table net.calls (url text, headers jsonb, body jsonb, timeout_milliseconds integer, backend_pid integer default pg_backend_pid());
    create function net.http_post(url text, headers jsonb, body jsonb, timeout_milliseconds integer) returns bigint language plpgsql as $$
    begin
      insert into net.calls (url, headers, body, timeout_milliseconds) values (url, headers, body, timeout_milliseconds);
      return 1;
    end $$;
  `;
  beforeAll(async () => {
    if (!installed) return;
    cron = await startPostgres({ pgCron: true });
    await cron.sql.unsafe(SUPABASE_STUBS);
    await migrate(cron.sql);
  }, 60_000);
  afterAll(async () => {
    await cron?.stop();
  });

  it('schedules deliver-conversions every minute; its command posts to the function with the Vault key; applying again replaces it', async (ctx) => {
    if (process.env.CI) expect(installed, 'CI must have pg_cron: .ci/run installs postgresql-<major>-cron').toBe(true);
    ctx.skip(!installed, 'pg_cron is not installed for the PostgreSQL server (Debian: apt-get install postgresql-15-cron)');
    const { sql } = cron!;
    const jobs = () => sql`select schedule, database, active, command from cron.job where jobname = 'deliver-conversions'`;
    const [job] = [...(await jobs())];
    expect(job).toMatchObject({ schedule: '* * * * *', database: 'postgres', active: true });
    expect(job!.command).not.toContain('test-deliver-key');
    await sql.unsafe(migration('20261125000100_deliver_conversions_schedule.sql'));
    expect([...(await jobs())]).toEqual([job]);
    // Run the job's command the way pg_cron does (filtered to this connection: the scheduler may run it too).
    const calls = await sql.begin(async (tx) => {
      await tx.unsafe(`do $$ begin execute (select command from cron.job where jobname = 'deliver-conversions'); end $$`);
      return tx.unsafe(`select url, headers, body, timeout_milliseconds from net.calls where backend_pid = pg_backend_pid()`);
    });
    expect([...calls]).toEqual([
      {
        url: 'https://project-ref.supabase.co/functions/v1/deliver-conversions',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer test-deliver-key' },
        body: {},
        timeout_milliseconds: 55000,
      },
    ]);
  });

  it('the migrations apply on a server without pg_cron, and schedule nothing', async (ctx) => {
    ctx.skip(!postgresBin() && !process.env.CI, 'no PostgreSQL server is installed');
    const plain = await startPostgres({ pgCron: false });
    try {
      await migrate(plain.sql);
      expect([...(await plain.sql`select to_regnamespace('cron') is null as absent, to_regclass('public.conversions') is not null as ledger`)]).toEqual([
        { absent: true, ledger: true },
      ]);
    } finally {
      await plain.stop();
    }
  }, 60_000);
});
