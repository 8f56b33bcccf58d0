/**
 * Serves the Supabase Edge Function `track-conversion` with Deno (the same entry file that is
 * deployed), on 127.0.0.1:<port>, with the given variables.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function startDenoFunction({ port, vars = {}, timeoutMs = 60_000 }) {
  const child = spawn(path.join(root, 'node_modules/.bin/deno'), ['run', '--allow-net', '--allow-env', 'track-conversion/index.ts'], {
    cwd: path.join(root, 'supabase/functions'),
    env: { ...process.env, ...vars, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`deno exited (${child.exitCode}):\n${output}`);
    try {
      await fetch(url, { method: 'OPTIONS' });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        throw new Error(`the Deno function did not start on ${url}:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
