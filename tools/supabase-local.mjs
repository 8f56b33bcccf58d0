/**
 * The local Supabase stand-in for `npm run dev`, `npm run preview`, `npm test` and `npm run bench`
 * when no Supabase project is configured (PUBLIC_SUPABASE_URL unset or http://127.0.0.1:<port>).
 * A stand-in already running on the port is used when it is this checkout's (its /_local/health
 * names the checkout folder). Another checkout's is never joined silently: `npm run dev` starts its
 * own on a free port, `npm test` and `npm run bench` build for a free port, and `npm run preview`
 * of a build made for that port says whose data it would use and how to get its own.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { checkoutOf, dataDirOf, runningOn } from '../supabase/local/data-lock.ts';
import { DEV_SERVICE_ROLE_KEY } from '../supabase/local/dev-keys.ts';
import { LOCAL_SUPABASE_PORT } from '../src/lib/local-supabase.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const LOCAL_URL = /^http:\/\/127\.0\.0\.1:(\d+)\/?$/;
/** Where a stand-in of this checkout goes when the usual port is taken (the Supabase CLI's ports are just below). */
const FREE_PORTS_FROM = 54400;

/** PUBLIC_SUPABASE_URL from the environment or, as Astro reads it, from `.env`. */
function configuredSupabaseUrl(env) {
  if (env.PUBLIC_SUPABASE_URL) return env.PUBLIC_SUPABASE_URL;
  const file = `${root}.env`;
  if (!existsSync(file)) return '';
  const match = /^\s*PUBLIC_SUPABASE_URL\s*=\s*["']?([^"'\s#]+)/m.exec(readFileSync(file, 'utf8'));
  return match ? match[1] : '';
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first free port of 127.0.0.1 from `start`. */
export async function freeLocalPort(start = FREE_PORTS_FROM) {
  for (let port = start; port < start + 200; port++) if (await portIsFree(port)) return port;
  throw new Error(`supabase: no free port in ${start}-${start + 199}`);
}

async function health(url) {
  try {
    const response = await fetch(`${url}/_local/health`, { signal: AbortSignal.timeout(1000) });
    const body = response.ok ? await response.json() : null;
    return body && body.ok === true ? body : null;
  } catch {
    return null;
  }
}

/**
 * What answers at a local stand-in URL: `free` (nothing), `own` (this checkout's stand-in),
 * `foreign` (another checkout's; `owner` is its folder, null when it does not say: stand-ins before
 * this rule did not), or `busy` (a server that is not a stand-in).
 */
export async function probeStandin(url, checkout = checkoutOf(root)) {
  const found = await health(url);
  if (found) return found.checkout === checkout ? { kind: 'own' } : { kind: 'foreign', owner: typeof found.checkout === 'string' ? found.checkout : null };
  return (await portIsFree(Number(new URL(url).port))) ? { kind: 'free' } : { kind: 'busy' };
}

const whose = (found) =>
  found.kind === 'busy' ? 'a server that is not a Supabase stand-in' : `the stand-in of ${found.owner ?? 'another checkout (it does not say which)'}`;

/**
 * The decision, given what runs at the stand-in URL:
 *  - `start` it there (nothing runs), `reuse` it (this checkout's);
 *  - `elsewhere`: this checkout's own on a free port, when the URL may still change (`dev`: astro
 *    dev is given the URL; `build`: npm test and the bench build for it) and nobody chose it;
 *  - `join` another checkout's, saying so (`preview` of a build made for it, or a URL set on purpose);
 *  - `refuse`: a server that is not a stand-in holds the port, or `ownOnly` (the end-to-end tests).
 * @param {{ mode: 'dev' | 'build' | 'preview', chosen: boolean, ownOnly?: boolean, found: { kind: string, owner?: string | null } }} input
 * @returns {'start' | 'reuse' | 'elsewhere' | 'join' | 'refuse'}
 */
export function standinPlan({ mode, chosen, ownOnly = false, found }) {
  if (found.kind === 'free') return 'start';
  if (found.kind === 'own') return 'reuse';
  if (mode !== 'preview' && !chosen) return 'elsewhere';
  return found.kind === 'busy' || ownOnly ? 'refuse' : 'join';
}

/**
 * One plain paragraph: whose data this command would use at `url`, and how to get this checkout's
 * own (`next`: the command that uses the build, or none for `npm run dev`).
 */
export function joinMessage(url, found, freePort, next = 'npm run preview') {
  const own = `http://127.0.0.1:${freePort}`;
  const how = next
    ? `build for a free port: PUBLIC_SUPABASE_URL=${own} npm run build && PUBLIC_SUPABASE_URL=${own} ${next}`
    : `run with PUBLIC_SUPABASE_URL=${own}, or without PUBLIC_SUPABASE_URL and STANDIN_PORT`;
  return [
    `supabase: ${url} is ${whose(found)}. Sign-ins, uploads, e-mails and conversions here would use that checkout's data (and its GoHighLevel settings).`,
    `For this checkout's own: stop that one, or ${how}`,
  ].join('\n');
}

/**
 * The stand-in URL a build should be made for (`npm test`, `npm run bench`): the configured one, or,
 * when another checkout's stand-in (or another server) holds the usual port, a free port's.
 * @returns {Promise<{ url: string, env: Record<string, string> }>} env: what to add to the build's and the tests' environment
 */
export async function standinForBuild(env = process.env, label = 'supabase') {
  const configured = configuredSupabaseUrl(env);
  const port = LOCAL_URL.exec(configured)?.[1] ?? env.STANDIN_PORT ?? String(LOCAL_SUPABASE_PORT);
  const url = configured || `http://127.0.0.1:${port}`;
  if (!LOCAL_URL.test(url)) return { url, env: {} };
  const found = await probeStandin(url);
  if (standinPlan({ mode: 'build', chosen: Boolean(configured || env.STANDIN_PORT), found }) !== 'elsewhere') return { url, env: {} };
  const own = (await ownRunning(env)) ?? `http://127.0.0.1:${await freeLocalPort()}`;
  console.log(`${label}: ${url} is ${whose(found)}: this run builds and tests against this checkout's own stand-in on ${own} (PUBLIC_SUPABASE_URL)`);
  return { url: own, env: { PUBLIC_SUPABASE_URL: own } };
}

/** The URL of this checkout's own stand-in where it already runs (its data folder's lock names it), or null. */
async function ownRunning(env) {
  const dataDir = dataDirOf(env, root);
  const running = dataDir ? runningOn(dataDir) : null;
  return running && (await probeStandin(running.url)).kind === 'own' ? running.url : null;
}

async function startOn(port, env) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [`${root}supabase/local/start.mjs`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, STANDIN_PORT: String(port) },
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const deadline = Date.now() + 60_000;
  while (!(await health(url))) {
    if (exited || Date.now() > deadline) throw new Error(`supabase: the local stand-in did not start on ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop: () => exited || child.kill('SIGTERM') };
}

/**
 * `started`: this call started the stand-in (so it takes the environment given here).
 * `url`: the Supabase to use; for `dev` it may differ from the configured one (give it to astro dev).
 * `ledgerEnv`: what the site's Pages Function needs to record conversions in this Supabase
 * (its URL and service role key; a remote project's key only when SUPABASE_SERVICE_ROLE_KEY is set).
 * @param {NodeJS.ProcessEnv} env
 * @param {{ mode?: 'dev' | 'preview', ownOnly?: boolean }} options
 * @returns {Promise<{ stop: () => void, started: boolean, url: string, ledgerEnv: Record<string, string> }>}
 */
export async function ensureLocalSupabase(env = process.env, { mode = 'preview', ownOnly = false } = {}) {
  const configured = configuredSupabaseUrl(env);
  // A build pointed at another local port (parallel checkouts, tests) gets its own stand-in there.
  const localPort = LOCAL_URL.exec(configured)?.[1];
  if (configured && !localPort) {
    console.log(`supabase: using ${configured}`);
    const key = env.SUPABASE_SERVICE_ROLE_KEY;
    return { stop() {}, started: false, url: configured, ledgerEnv: { SUPABASE_URL: configured, ...(key ? { SUPABASE_SERVICE_ROLE_KEY: key } : {}) } };
  }
  const port = localPort ?? env.STANDIN_PORT ?? String(LOCAL_SUPABASE_PORT);
  const usual = `http://127.0.0.1:${port}`;
  const result = (url, started, stop = () => {}) => ({
    stop,
    started,
    url,
    ledgerEnv: { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: env.STANDIN_SERVICE_ROLE_KEY ?? DEV_SERVICE_ROLE_KEY },
  });
  const found = await probeStandin(usual);
  const plan = standinPlan({ mode, chosen: Boolean(localPort || env.STANDIN_PORT), ownOnly, found });
  if (plan === 'reuse') {
    console.log(`supabase: using this checkout's stand-in, already running on ${usual}`);
    return result(usual, false);
  }
  if (plan === 'start') {
    const started = await startOn(port, env);
    return result(started.url, true, started.stop);
  }
  if (plan === 'join' || plan === 'refuse') {
    const next = mode === 'dev' ? '' : ownOnly ? 'npm run test:e2e' : 'npm run preview';
    const message =
      found.kind === 'busy'
        ? `supabase: ${usual} is held by ${whose(found)}: free that port, or set PUBLIC_SUPABASE_URL to a free local port`
        : joinMessage(usual, found, await freeLocalPort(), next);
    if (plan === 'refuse') throw new Error(message);
    console.warn(message);
    return result(usual, false);
  }
  // `elsewhere`: this checkout's own stand-in, already running on another port, or started on a free one.
  const running = await ownRunning(env);
  if (running) {
    console.log(`supabase: ${usual} is ${whose(found)}; using this checkout's own stand-in, already running on ${running}`);
    return result(running, false);
  }
  const started = await startOn(await freeLocalPort(), env);
  console.log(
    `supabase: ${usual} is ${whose(found)}; this checkout's own stand-in runs on ${started.url} (its accounts, uploads and e-mails: ${started.url}/_local/outbox)`,
  );
  return result(started.url, true, started.stop);
}
