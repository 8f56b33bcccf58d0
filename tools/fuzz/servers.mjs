/**
 * Servers for the function scripts: a counting fake upstream and the local Supabase stand-in
 * in a child process (in memory), each on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** An upstream that answers 200 `{}` to everything and counts what it was sent. */
export async function startCountingUpstream(port) {
  const requests = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method, url: req.url });
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"calendars":[]}');
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

async function healthy(url) {
  try {
    return (await fetch(`${url}/_local/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/** The stand-in (`node supabase/local/start.mjs`), in memory, with the given extra environment. */
export async function startStandinProcess(port, env = {}, timeoutMs = 90_000) {
  const url = `http://127.0.0.1:${port}`;
  if (await healthy(url)) throw new Error(`a server already answers on ${url}`);
  const child = spawn(process.execPath, [`${root}supabase/local/start.mjs`], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, STANDIN_PORT: String(port), STANDIN_DATA_DIR: ':memory:', STANDIN_QUIET: '1', ...env },
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + timeoutMs;
  while (!(await healthy(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the stand-in did not start on ${url}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
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

/** Signs in on the stand-in: { token, userId }. */
export async function signIn(url, anonKey, email, password) {
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(body)}`);
  return { token: body.access_token, userId: body.user.id };
}

/**
 * The stand-in with this run's own JWT secret, anon key and service role key (its functions use
 * the latter, as on Supabase): { standin, jwtSecret, anonKey, serviceKey }.
 */
export async function startKeyedStandin(port, env = {}) {
  const jwtSecret = randomBytes(32).toString('hex');
  const key = (role) =>
    new SignJWT({ iss: 'supabase-demo', role, exp: Math.floor(Date.now() / 1000) + 3600 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(jwtSecret));
  const anonKey = await key('anon');
  const serviceKey = await key('service_role');
  const standin = await startStandinProcess(port, {
    ...env,
    STANDIN_JWT_SECRET: jwtSecret,
    STANDIN_ANON_KEY: anonKey,
    STANDIN_SERVICE_ROLE_KEY: serviceKey,
  });
  return { standin, jwtSecret, anonKey, serviceKey };
}
