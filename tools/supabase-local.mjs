/**
 * Starts the local Supabase stand-in for `npm run dev` and `npm run preview` when no Supabase
 * project is configured (PUBLIC_SUPABASE_URL unset or http://127.0.0.1:<port>), and stops it with them. An already
 * running stand-in on the port is reused and left running.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEV_SERVICE_ROLE_KEY } from '../supabase/local/dev-keys.ts';
import { LOCAL_SUPABASE_PORT } from '../src/lib/local-supabase.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** PUBLIC_SUPABASE_URL from the environment or, as Astro reads it, from `.env`. */
function configuredSupabaseUrl(env) {
  if (env.PUBLIC_SUPABASE_URL) return env.PUBLIC_SUPABASE_URL;
  const file = `${root}.env`;
  if (!existsSync(file)) return '';
  const match = /^\s*PUBLIC_SUPABASE_URL\s*=\s*["']?([^"'\s#]+)/m.exec(readFileSync(file, 'utf8'));
  return match ? match[1] : '';
}

async function healthy(url) {
  try {
    return (await fetch(`${url}/_local/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/**
 * `started`: this call started the stand-in (so it takes the environment given here).
 * `ledgerEnv`: what the site's Pages Function needs to record conversions in this Supabase
 * (its URL and service role key; a remote project's key only when SUPABASE_SERVICE_ROLE_KEY is set).
 * @returns {Promise<{ stop: () => void, started: boolean, ledgerEnv: Record<string, string> }>}
 */
export async function ensureLocalSupabase(env = process.env) {
  const configured = configuredSupabaseUrl(env);
  // A build pointed at another local port (parallel checkouts, tests) gets its own stand-in there.
  const localPort = /^http:\/\/127\.0\.0\.1:(\d+)\/?$/.exec(configured)?.[1];
  if (configured && !localPort) {
    console.log(`supabase: using ${configured}`);
    const key = env.SUPABASE_SERVICE_ROLE_KEY;
    return { stop() {}, started: false, ledgerEnv: { SUPABASE_URL: configured, ...(key ? { SUPABASE_SERVICE_ROLE_KEY: key } : {}) } };
  }
  const port = localPort ?? env.STANDIN_PORT ?? String(LOCAL_SUPABASE_PORT);
  const url = `http://127.0.0.1:${port}`;
  const ledgerEnv = { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: env.STANDIN_SERVICE_ROLE_KEY ?? DEV_SERVICE_ROLE_KEY };
  if (await healthy(url)) {
    console.log(`supabase: using the local stand-in already running on ${url}`);
    return { stop() {}, started: false, ledgerEnv };
  }
  const child = spawn(process.execPath, [`${root}supabase/local/start.mjs`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, STANDIN_PORT: String(port) },
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const deadline = Date.now() + 60_000;
  while (!(await healthy(url))) {
    if (exited || Date.now() > deadline) throw new Error(`supabase: the local stand-in did not start on ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    stop() {
      if (!exited) child.kill('SIGTERM');
    },
    started: true,
    ledgerEnv,
  };
}
