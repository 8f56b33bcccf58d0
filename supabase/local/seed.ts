/**
 * First-start seeds: an admin and a confirmed member (credentials from the config), the
 * project's supabase/seed.sql, and sample files in the `videos` bucket at the paths the site
 * reads from src/content/pages/settings.json (logo, hero and community clips).
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

export async function seed(db: Db, config: StandinConfig, files: FileArea, root: string): Promise<boolean> {
  const done = await db.query("select 1 from _local.migrations where name = 'seed'");
  if (done.rows.length) return false;
  const { adminEmail, adminPassword, memberEmail, memberPassword } = config.seed;
  for (const [email, password] of [
    [adminEmail, adminPassword],
    [memberEmail, memberPassword],
  ] as const) {
    if (!(await findUserByEmail(db, email))) await createUser(db, { email, password, confirmed: true });
  }
  await db.exec(await readFile(join(root, 'supabase', 'seed.sql'), 'utf8'));
  // The admin address is configurable; seed.sql names the default one.
  await db.query(
    `insert into public.user_roles (user_id, role) select id, 'admin' from auth.users where lower(email) = lower($1)
     on conflict (user_id, role) do nothing`,
    [adminEmail],
  );
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
  return true;
}
