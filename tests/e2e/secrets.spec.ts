/**
 * No secret reaches the browser: the build (dist/) holds neither the stand-in's service-role
 * key nor its JWT secret, nor any server-only variable's value. The public anon key may appear.
 */
import { expect, test } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEV_JWT_SECRET, DEV_SERVICE_ROLE_KEY } from '../../supabase/local/config';

test.skip(({ isMobile }) => isMobile, 'the build does not depend on the viewport');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.(html|js|mjs|css|json|txt|xml|map)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

test('dist/ contains no service-role key, JWT secret or server token', () => {
  const secrets = [DEV_SERVICE_ROLE_KEY, DEV_JWT_SECRET, 'service_role', 'GHL_API_TOKEN', 'META_CAPI_TOKEN'];
  for (const name of ['SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_JWT_SECRET', 'GHL_API_TOKEN', 'META_CAPI_TOKEN']) {
    const value = process.env[name];
    if (value && value.length >= 8) secrets.push(value);
  }
  const all = files('dist');
  expect(all.length).toBeGreaterThan(10);
  const found: string[] = [];
  for (const file of all) {
    const text = readFileSync(file, 'utf8');
    for (const secret of secrets) if (text.includes(secret)) found.push(`${file}: ${secret.slice(0, 12)}…`);
  }
  expect(found).toEqual([]);
});
