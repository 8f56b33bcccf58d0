/**
 * The stand-in's Postgres: PGlite with Supabase's auth/storage bootstrap and then the project's
 * own migrations (supabase/migrations, in file-name order), each applied once.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Claims } from './jwt.ts';

export type Db = PGlite;
export type Tx = Transaction;

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export async function openDatabase(dataDir: string | null, supabaseDir: string): Promise<{ db: Db; fresh: boolean }> {
  // 16 MB of shared buffers instead of Postgres' 128 MB: the stand-in holds a handful of rows,
  // and its memory stays small (about 170 MB instead of 300 MB once started).
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  const db = await PGlite.create(dataDir ? { dataDir, startParams } : { startParams });
  const present = await db.query<{ ok: string | null }>("select to_regclass('_local.migrations')::text as ok");
  const fresh = !present.rows[0]?.ok;
  if (fresh) await db.exec(await readFile(join(supabaseDir, 'local', 'bootstrap.sql'), 'utf8'));
  await applyMigrations(db, join(supabaseDir, 'migrations'));
  return { db, fresh };
}

async function applyMigrations(db: Db, dir: string): Promise<void> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const done = new Set((await db.query<{ name: string }>('select name from _local.migrations')).rows.map((r) => r.name));
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into _local.migrations (name) values ($1)', [file]);
      });
    } catch (error) {
      throw new Error(`migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * Runs `fn` in a transaction as the JWT's role with `request.jwt.claims` set, the way
 * PostgREST and storage-api do, so row level security is enforced by Postgres.
 */
export async function asRole<T>(db: Db, claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (!API_ROLES.has(role)) throw new Error(`JWT role "${role}" is not one of anon, authenticated, service_role`);
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true),
              set_config('request.jwt.claim.role', $3, true)`,
      [JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : '', role],
    );
    await tx.exec(`set local role ${role}`);
    return fn(tx);
  });
}

/** The Postgres error code (SQLSTATE) of a PGlite error, if any. */
export function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}
