#!/usr/bin/env node
/** `npm run dev`: the local Supabase stand-in (unless PUBLIC_SUPABASE_URL is set) and `astro dev`. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureLocalSupabase } from './supabase-local.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const supabase = await ensureLocalSupabase();
const astro = spawn(`${root}node_modules/.bin/astro`, ['dev', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
});
const stop = () => astro.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
astro.on('exit', (code, signal) => {
  supabase.stop();
  process.exit(code ?? (signal ? 0 : 1));
});
