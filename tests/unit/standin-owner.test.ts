// @vitest-environment node
/**
 * Whose a stand-in is: /_local/health names its checkout, a data folder has one stand-in at a
 * time, and the project's commands decide from that whether to use a running stand-in, start
 * this checkout's own elsewhere, or say whose data they would use (tools/supabase-local.mjs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutOf, lockDataDir, runningOn } from '../../supabase/local/data-lock.ts';
import type { Standin } from '../../supabase/local/server.ts';
import { freeLocalPort, joinMessage, probeStandin, standinPlan } from '../../tools/supabase-local.mjs';
import { root, startTestStandin } from '../support/standin.ts';

let standin: Standin;
beforeAll(async () => {
  standin = await startTestStandin(4833);
}, 90_000);
afterAll(async () => {
  await standin?.close();
}, 30_000);

/** A server answering every request with `status` and `body`. */
async function serving(status: number, body: unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('a stand-in says whose it is', () => {
  it('names its checkout folder and data folder in /_local/health', async () => {
    const health = await (await fetch(`${standin.url}/_local/health`)).json();
    expect(health).toEqual({ ok: true, checkout: checkoutOf(root), dataDir: null });
    expect(await probeStandin(standin.url)).toEqual({ kind: 'own' });
  });

  it('is another checkout’s when it names another folder, or none (a stand-in from before this rule)', async () => {
    const other = await serving(200, { ok: true, checkout: '/home/dana/other-clone', dataDir: '/home/dana/other-clone/.local-data/supabase' });
    const old = await serving(200, { ok: true });
    const notStandin = await serving(404, { message: 'no Route matched with those values' });
    try {
      expect(await probeStandin(other.url)).toEqual({ kind: 'foreign', owner: '/home/dana/other-clone' });
      expect(await probeStandin(old.url)).toEqual({ kind: 'foreign', owner: null });
      expect(await probeStandin(notStandin.url)).toEqual({ kind: 'busy' });
    } finally {
      await Promise.all([other.close(), old.close(), notStandin.close()]);
    }
    const port = await freeLocalPort(54500);
    expect(await probeStandin(`http://127.0.0.1:${port}`)).toEqual({ kind: 'free' });
  });
});

describe('what a command does with the stand-in URL', () => {
  const free = { kind: 'free' };
  const own = { kind: 'own' };
  const other = { kind: 'foreign', owner: '/home/dana/other-clone' };
  const busy = { kind: 'busy' };

  it.each([
    // npm run dev: its URL is not baked in, so it keeps its own data on a free port.
    ['dev', false, false, free, 'start'],
    ['dev', false, false, own, 'reuse'],
    ['dev', false, false, other, 'elsewhere'],
    ['dev', false, false, busy, 'elsewhere'],
    // ...unless the URL was set on purpose: then it says whose data it uses.
    ['dev', true, false, other, 'join'],
    ['dev', true, false, busy, 'refuse'],
    // npm test and npm run bench choose the URL before they build.
    ['build', false, false, free, 'start'],
    ['build', false, false, own, 'reuse'],
    ['build', false, false, other, 'elsewhere'],
    ['build', true, false, other, 'join'],
    // npm run preview serves a build made for its URL: it says whose data that is...
    ['preview', false, false, free, 'start'],
    ['preview', false, false, own, 'reuse'],
    ['preview', false, false, other, 'join'],
    ['preview', false, false, busy, 'refuse'],
    // ...and the end-to-end tests never use another checkout's.
    ['preview', false, true, other, 'refuse'],
    ['preview', false, true, own, 'reuse'],
  ] as const)('%s (URL chosen: %s, own only: %s) with %o: %s', (mode, chosen, ownOnly, found, plan) => {
    expect(standinPlan({ mode, chosen, ownOnly, found })).toBe(plan);
  });

  it('says plainly whose data a preview would use and how to get this checkout’s own', () => {
    expect(joinMessage('http://127.0.0.1:54321', { kind: 'foreign', owner: '/home/dana/other-clone' }, 54400)).toBe(
      [
        "supabase: http://127.0.0.1:54321 is the stand-in of /home/dana/other-clone. Sign-ins, uploads, e-mails and conversions here would use that checkout's data (and its GoHighLevel settings).",
        "For this checkout's own: stop that one, or build for a free port: PUBLIC_SUPABASE_URL=http://127.0.0.1:54400 npm run build && PUBLIC_SUPABASE_URL=http://127.0.0.1:54400 npm run preview",
      ].join('\n'),
    );
    expect(joinMessage('http://127.0.0.1:54321', { kind: 'foreign', owner: null }, 54401, '')).toMatch(
      /is the stand-in of another checkout \(it does not say which\)\.[^]*run with PUBLIC_SUPABASE_URL=http:\/\/127\.0\.0\.1:54401, or without PUBLIC_SUPABASE_URL and STANDIN_PORT$/,
    );
  });
});

describe('one stand-in per data folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'standin-lock-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names the stand-in holding the folder, refuses a second one, and frees it on release', async () => {
    const release = await lockDataDir(dir, 'http://127.0.0.1:54400');
    expect(runningOn(dir)).toEqual({ pid: process.pid, url: 'http://127.0.0.1:54400' });
    await expect(lockDataDir(dir, 'http://127.0.0.1:54401')).rejects.toThrow(
      `the data folder ${dir} is in use by the stand-in on http://127.0.0.1:54400 (pid ${process.pid}): use that one, stop it, or set STANDIN_DATA_DIR to another folder`,
    );
    await release();
    expect(runningOn(dir)).toBeNull();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await writeFile(join(dir, 'standin.lock'), JSON.stringify({ pid: Number(gone.stdout), url: 'http://127.0.0.1:54402' }));
    expect(runningOn(dir)).toBeNull();
    const release = await lockDataDir(dir, 'http://127.0.0.1:54403');
    expect(JSON.parse(await readFile(join(dir, 'standin.lock'), 'utf8'))).toEqual({ pid: process.pid, url: 'http://127.0.0.1:54403' });
    await release();
  });
});
