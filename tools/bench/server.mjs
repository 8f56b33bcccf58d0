/** Building the site and serving dist/ + functions/ with `tools/preview.mjs` (wrangler pages dev). */
import { spawn } from 'node:child_process';
import net from 'node:net';
import { log, sleep } from './util.mjs';

const HEALTH_TIMEOUT_MS = 60_000;

/** Runs `npm run build` with its output on stderr; throws when it fails. */
export async function build(root, track) {
  log('building: npm run build');
  const child = spawn('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  track(child);
  const code = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (c, signal) => resolve(c ?? signal));
  });
  if (code !== 0) throw new Error(`npm run build failed (${code})`);
}

/** First port >= `start` where both it and preview.mjs's inspector port (port + 10000) are free. */
export async function findFreePort(start) {
  for (let port = start; port < start + 100; port++) {
    if ((await isFree(port)) && (await isFree(port + 10_000))) return port;
  }
  throw new Error(`no free port in ${start}-${start + 99}`);
}

function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Starts `node tools/preview.mjs` in its own process group (so the whole wrangler/workerd
 * tree can be stopped at once) and waits for /api/health. Returns the base URL; the server is
 * stopped by the cleanup it registers.
 */
export async function startPreview(root, port, registerCleanup) {
  log(`starting preview server on port ${port}`);
  const child = spawn(process.execPath, ['tools/preview.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port) },
  });
  // Its output goes to our stderr, prefixed, to keep stdout clean.
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => process.stderr.write(prefixLines('[preview] ', chunk)));
  }
  // Registered before waiting, so that Ctrl-C during the start-up stops it too.
  let stopping = false;
  let stopped = false;
  registerCleanup(async () => {
    stopping = true;
    await stopGroup(child);
    stopped = true;
  });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = code ?? signal;
    // e.g. someone rebuilt dist/ under it: the next measurements will fail, say why.
    if (!stopping) log(`WARNING: the preview server exited (${exited}); later measurements will fail`);
  });
  process.on('exit', () => stopped || killGroup(child, 'SIGKILL'));

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, () => exited);
  log(`preview server is up: ${baseUrl}`);
  return baseUrl;
}

async function waitForHealth(baseUrl, exitedWith) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitedWith() !== null) throw new Error(`preview server exited early (${exitedWith()})`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`GET ${baseUrl}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM to the process group, then SIGKILL if it is still alive after 5 s. */
async function stopGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return killGroup(child, 'SIGKILL');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killGroup(child, 'SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(5000).then(() => true)]);
  // Grandchildren (workerd) may outlive the leader: always finish the group off.
  killGroup(child, 'SIGKILL');
  if (timedOut) log('preview server did not stop on SIGTERM; killed it');
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

function prefixLines(prefix, chunk) {
  return String(chunk).replace(/^(?=.)/gm, prefix);
}
