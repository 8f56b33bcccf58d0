/**
 * Starts the site's Pages Functions under `wrangler pages dev` (workerd, offline) with the
 * given variables, for integration tests and the tracking scripts. Serves dist/ when it is
 * built, else an empty static folder (the functions do not need the build).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `persistTo`: where the local KV namespace and other state live; a fresh temporary folder by
 * default, so one run's event ids and counters do not leak into the next.
 */
export async function startPagesDev({ port, vars = {}, timeoutMs = 60_000, persistTo = mkdtempSync(path.join(tmpdir(), 'pages-state-')) }) {
  let assets = path.join(root, 'dist');
  if (!existsSync(path.join(assets, 'index.html'))) {
    assets = mkdtempSync(path.join(tmpdir(), 'pages-static-'));
    writeFileSync(path.join(assets, 'index.html'), '<!doctype html><title>functions only</title>');
  }
  const bindings = Object.entries(vars).flatMap(([key, value]) => ['--binding', `${key}=${value}`]);
  const child = spawn(
    path.join(root, 'node_modules/.bin/wrangler'),
    [
      'pages',
      'dev',
      assets,
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(port + 10000),
      '--log-level',
      'error',
      '--show-interactive-dev-session=false',
      '--persist-to',
      persistTo,
      ...bindings,
    ],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler pages dev exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`wrangler pages dev did not start on ${url} within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    /** The wrangler process (workerd runs as its descendant). */
    pid: child.pid,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
