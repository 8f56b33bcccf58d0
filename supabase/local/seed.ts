/**
 * First-start seeds: an admin, an editor and a confirmed member (credentials from the config), the
 * project's supabase/seed.sql, and sample files in the `videos` bucket at the paths the site
 * reads from src/content/pages/settings.json (logo, hero and community clips). The editor came
 * later: a database seeded before her gets her account on its next start.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readSiteSettings } from '../../src/lib/site-settings-file.ts';
import type { StandinConfig } from './config.ts';
import type { Db } from './db.ts';
import { type FileArea, objectMetadata } from './objects.ts';
import { createUser, findUserByEmail } from './users.ts';

const SAMPLES: { key: 'logo' | 'heroVideoDesktop' | 'heroVideoMobile' | 'communityVideo'; file: string; type: string }[] = [
  { key: 'logo', file: 'logo.png', type: 'image/png' },
  { key: 'heroVideoDesktop', file: 'hero-desktop.mp4', type: 'video/mp4' },
  { key: 'heroVideoMobile', file: 'hero-mobile.mp4', type: 'video/mp4' },
  { key: 'communityVideo', file: 'community.mp4', type: 'video/mp4' },
];

const EDITOR_SEED = 'seed-editor';

const seeded = async (db: Db, name: string) => (await db.query('select 1 from _local.migrations where name = $1', [name])).rows.length > 0;

async function ensureUser(db: Db, email: string, password: string): Promise<void> {
  if (!(await findUserByEmail(db, email))) await createUser(db, { email, password, confirmed: true });
}

// The addresses are configurable; seed.sql names the default ones.
async function grantRole(db: Db, email: string, role: 'admin' | 'editor'): Promise<void> {
  await db.query(
    `insert into public.user_roles (user_id, role) select id, $2::public.app_role from auth.users where lower(email) = lower($1)
     on conflict (user_id, role) do nothing`,
    [email, role],
  );
}

async function seedEditor(db: Db, config: StandinConfig): Promise<boolean> {
  if (await seeded(db, EDITOR_SEED)) return false;
  await ensureUser(db, config.seed.editorEmail, config.seed.editorPassword);
  await grantRole(db, config.seed.editorEmail, 'editor');
  await db.query('insert into _local.migrations (name) values ($1)', [EDITOR_SEED]);
  return true;
}

/** 'all' on a first start, 'editor' when only the editor was missing, null when nothing was. */
export async function seed(db: Db, config: StandinConfig, files: FileArea, root: string): Promise<'all' | 'editor' | null> {
  if (await seeded(db, 'seed')) return (await seedEditor(db, config)) ? 'editor' : null;
  const { adminEmail, adminPassword, memberEmail, memberPassword, editorEmail, editorPassword } = config.seed;
  await ensureUser(db, adminEmail, adminPassword);
  await ensureUser(db, memberEmail, memberPassword);
  await ensureUser(db, editorEmail, editorPassword);
  await db.exec(await readFile(join(root, 'supabase', 'seed.sql'), 'utf8'));
  await grantRole(db, adminEmail, 'admin');
  await seedEditor(db, config);
  const { storage } = readSiteSettings(root);
  for (const sample of SAMPLES) {
    const name = storage[sample.key];
    const bytes = new Uint8Array(await readFile(join(root, 'supabase', 'local', 'seed-files', sample.file)));
    await files.write(storage.bucket, name, bytes);
    await db.query(
      `insert into storage.objects (bucket_id, name, metadata, version) values ($1, $2, $3, gen_random_uuid()::text)
       on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now()`,
      [storage.bucket, name, JSON.stringify(objectMetadata(bytes, sample.type, 'max-age=3600'))],
    );
  }
  await db.query("insert into _local.migrations (name) values ('seed')");
  return 'all';
}
