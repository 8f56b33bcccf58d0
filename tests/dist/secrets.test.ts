/**
 * No secret reaches the browser: no file of the build (dist/) holds the service-role key, the
 * JWT secret, the Conversions API token, the GoHighLevel token or the content editor's GitHub token, whether by the stand-in's
 * values, the values this machine's environment or `.dev.vars` gives them, or their shape
 * (any JWT other than the public anon key, a Meta access token, a GoHighLevel private token).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { DEV_JWT_SECRET, DEV_SERVICE_ROLE_KEY } from '../../supabase/local/config';
import { DIST, ROOT, textFiles } from './dist-files';

const SECRET_NAMES = [
  'SUPABASE_SERVICE_ROLE_KEY',
  'SUPABASE_JWT_SECRET',
  'STANDIN_JWT_SECRET',
  'STANDIN_SERVICE_ROLE_KEY',
  'META_CAPI_TOKEN',
  'GHL_API_TOKEN',
  'GITHUB_TOKEN',
];

/** Secret values known here: the stand-in's, the environment's and `.dev.vars`'s. */
function knownSecrets(): string[] {
  const values = [DEV_SERVICE_ROLE_KEY, DEV_JWT_SECRET];
  for (const name of SECRET_NAMES) values.push(process.env[name] ?? '');
  const devVars = join(ROOT, '.dev.vars');
  if (existsSync(devVars)) {
    for (const match of readFileSync(devVars, 'utf8').matchAll(/^\s*([A-Z_]+)\s*=\s*"?([^"\n]*)"?/gm)) {
      if (SECRET_NAMES.includes(match[1]!)) values.push(match[2]!.trim());
    }
  }
  return values.filter((value) => value.length >= 8);
}

const JWT = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}/g;
const SHAPES: [string, RegExp][] = [
  ['a Meta access token', /\bEAA[A-Za-z0-9]{60,}/],
  ['a GoHighLevel private integration token', /\bpit-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i],
  ['a GitHub token', /\b(?:github_pat_[A-Za-z0-9_]{22,}|gh[pousr]_[A-Za-z0-9]{36,})\b/],
  ['a server-only variable assignment', /\b(SUPABASE_SERVICE_ROLE_KEY|META_CAPI_TOKEN|GHL_API_TOKEN|SUPABASE_JWT_SECRET|GITHUB_TOKEN)\s*[:=]\s*["'`]?[A-Za-z0-9]/],
];

/** What a folder leaks: "file: what", the file relative to the folder. */
function leaks(dir: string): string[] {
  const secrets = knownSecrets();
  const found: string[] = [];
  for (const path of textFiles(dir)) {
    const file = relative(dir, path);
    const text = readFileSync(path, 'utf8');
    for (const secret of secrets) if (text.includes(secret)) found.push(`${file}: the value ${secret.slice(0, 6)}…`);
    for (const [what, pattern] of SHAPES) if (pattern.test(text)) found.push(`${file}: ${what}`);
    for (const [token] of text.matchAll(JWT)) {
      let role: unknown;
      try {
        role = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).role;
      } catch {
        role = 'unreadable';
      }
      // The anon key is public by design; any other JWT (service_role, a user's, a GHL key) is not.
      if (role !== 'anon') found.push(`${file}: a JWT with role ${String(role)}`);
    }
  }
  return found;
}

test('dist/ holds no service-role key, JWT secret, Conversions API token, GoHighLevel token or GitHub token', () => {
  expect(textFiles(DIST).length).toBeGreaterThan(10);
  expect(leaks(DIST)).toEqual([]);
});

test('the check finds each kind of secret planted in a build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dist-leak-'));
  try {
    writeFileSync(join(dir, 'a.js'), `const k = "${DEV_SERVICE_ROLE_KEY}";`);
    writeFileSync(join(dir, 'b.html'), `<p>${DEV_JWT_SECRET}</p>`);
    writeFileSync(join(dir, 'c.js'), `fetch("x?access_token=EAA${'B'.repeat(80)}")`);
    writeFileSync(join(dir, 'd.js'), 'const t = "pit-0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b";');
    writeFileSync(join(dir, 'e.js'), `const g = "github_pat_${'A1b2'.repeat(20)}";`);
    writeFileSync(join(dir, '_headers'), 'X: 1\n');
    const found = leaks(dir);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^a\.js: the value/),
        'a.js: a JWT with role service_role',
        expect.stringMatching(/^b\.html: the value/),
        'c.js: a Meta access token',
        'd.js: a GoHighLevel private integration token',
        'e.js: a GitHub token',
      ]),
    );
    expect(found.filter((line) => line.startsWith('_headers'))).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
