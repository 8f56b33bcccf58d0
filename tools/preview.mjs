#!/usr/bin/env node
/**
 * Serves the production build like production: `wrangler pages dev` applies dist/ with
 * _headers and _redirects, and runs functions/ in Cloudflare's runtime (workerd), offline.
 *
 *   PORT=4321 npm run preview
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEV_PORT } from '../src/lib/dev-origin.ts';
import { ensureLocalSupabase } from './supabase-local.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? DEV_PORT);
const CONTENT_SETTINGS = ['GITHUB_TOKEN', 'GITHUB_REPOSITORY', 'GITHUB_BRANCH', 'GITHUB_API_URL'];
const inspectorPort = Number(process.env.INSPECTOR_PORT ?? port + 10000);

if (!existsSync(`${root}/dist/index.html`)) {
  console.error('preview: dist/ has no build. Run `npm run build` first.');
  process.exit(1);
}

// `--own-supabase` (the end-to-end tests): refuse another checkout's stand-in rather than use its data.
let supabase;
try {
  supabase = await ensureLocalSupabase(process.env, { mode: 'preview', ownOnly: process.argv.includes('--own-supabase') });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const wrangler = spawn(
  `${root}/node_modules/.bin/wrangler`,
  [
    'pages',
    'dev',
    'dist',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspectorPort),
    '--log-level',
    process.env.WRANGLER_LOG ?? 'warn',
    '--show-interactive-dev-session=false',
    // The ledger the Pages Function records conversions in (production: the project's secrets).
    ...Object.entries(supabase.ledgerEnv).flatMap(([name, value]) => ['--binding', `${name}=${value}`]),
    // The content editor's repository, when given (the end-to-end tests: a fake GitHub); unset, /api/content answers 503 naming them.
    ...CONTENT_SETTINGS.filter((name) => process.env[name]).flatMap((name) => ['--binding', `${name}=${process.env[name]}`]),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? 'true' } },
);
console.log(`preview: serving dist/ and functions/ on http://127.0.0.1:${port}`);

const stop = () => wrangler.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
wrangler.on('exit', (code, signal) => {
  supabase.stop();
  process.exit(code ?? (signal ? 0 : 1));
});
