#!/usr/bin/env node
/**
 * Serves the production build like production: `wrangler pages dev` applies dist/ with
 * _headers and _redirects, and runs functions/ in Cloudflare's runtime (workerd), offline.
 *
 *   PORT=4321 npm run preview
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startFront } from './preview-front.mjs';
import { ensureLocalSupabase } from './supabase-local.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 4321);
const inspectorPort = Number(process.env.INSPECTOR_PORT ?? port + 10000);

if (!existsSync(`${root}/dist/index.html`)) {
  console.error('preview: dist/ has no build. Run `npm run build` first.');
  process.exit(1);
}

/** A port the system has free now (wrangler listens there, behind the front on `port`). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

const supabase = await ensureLocalSupabase();
const wranglerPort = await freePort();
const wrangler = `${root}/node_modules/.bin/wrangler`;
const args = [
  'pages',
  'dev',
  'dist',
  '--ip',
  '127.0.0.1',
  '--port',
  String(wranglerPort),
  '--inspector-port',
  String(inspectorPort),
  '--log-level',
  process.env.WRANGLER_LOG ?? 'warn',
  '--show-interactive-dev-session=false',
];
// wrangler's runtime (workerd) can stop on a broken pipe when a client goes away mid-response
// (cloudflare/workers-sdk#15202), and wrangler may exit with it or stay up without answering. A
// server that stops would fail every request after it, so it is started again when it exits or
// stops answering /api/health, a few times at most; the front (tools/preview-front.mjs) holds
// the requests that arrive meanwhile.
const MAX_RESTARTS = 5;
const HEALTH_URL = `http://127.0.0.1:${wranglerPort}/api/health`;
let restarts = 0;
let stopping = false;

/** wrangler and its runtime are one process group: stopped together. */
function stopGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

function startWrangler() {
  const child = spawn(wrangler, args, {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? 'true' },
  });
  child.on('exit', (code, signal) => {
    stopGroup(child, 'SIGKILL'); // what is left of its runtime, which would keep the port
    if (!stopping && restarts < MAX_RESTARTS) {
      restarts += 1;
      console.error(`preview: wrangler stopped (${signal ?? `exit code ${code}`}); starting it again (${restarts} of ${MAX_RESTARTS})`);
      current = startWrangler();
      return;
    }
    supabase.stop();
    process.exit(code ?? (signal ? 0 : 1));
  });
  return child;
}

let current = startWrangler();
try {
  await startFront({ port, upstreamPort: wranglerPort });
} catch (error) {
  console.error(`preview: cannot listen on port ${port} (${error.code ?? error.message}); set PORT to a free one`);
  stopping = true;
  stopGroup(current, 'SIGTERM');
  supabase.stop();
  process.exit(1);
}
console.log(`preview: serving dist/ and functions/ on http://127.0.0.1:${port}`);

// Once it has answered, three health checks in a row without an answer within 10 s count as
// stopped. A server that is only slow (a loaded machine) is left alone.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());
let answered = false;
let missed = 0;
(async () => {
  for (;;) {
    await sleep(2000);
    if (stopping) return;
    const ok = await fetch(HEALTH_URL, { signal: AbortSignal.timeout(10_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) {
      answered = true;
      missed = 0;
    } else if (answered && ++missed >= 3) {
      answered = false;
      missed = 0;
      console.error('preview: wrangler stopped answering');
      stopGroup(current, 'SIGKILL');
    }
  }
})();

const stop = () => {
  stopping = true;
  stopGroup(current, 'SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
