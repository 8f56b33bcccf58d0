#!/usr/bin/env node
/**
 * Memory during a 1 GB resumable upload through the admin dashboard: signs in as the seeded
 * admin, uploads a 1 GiB file of random bytes with the Upload New form (tus, 6 MiB chunks) to
 * the local stand-in, and samples the resident memory (RSS) of the browser tab's renderer
 * process and of the stand-in every 250 ms. Prints the peaks (budget: 300 MB each) and checks
 * the stored object's size and MD5 against the source. A benchmark: it prints, it never fails a build.
 *
 *   npm run bench:upload                   # build, then measure
 *   npm run bench:upload -- --no-build     # use the existing dist/ (built for the same PUBLIC_SUPABASE_URL)
 *   npm run bench:upload -- --port 4400    # first port to try for the preview server (default 4400)
 *
 * The stand-in runs on the port of PUBLIC_SUPABASE_URL (default: the stand-in's own, src/lib/local-supabase.ts; it must be free) with a
 * fresh data folder in the temp directory, started once to create its database and then again
 * for the measurement. The 1 GiB file is written to the temp directory and deleted at the end.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, statfsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './bench/bytes.mjs';
import { build, findFreePort, startPreview } from './bench/server.mjs';
import { log, sleep } from './bench/util.mjs';
import { LOCAL_SUPABASE_URL } from '../src/lib/local-supabase.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const SIZE = 1024 * 1024 * 1024;
const BUDGET_MB = 300;
const supabaseUrl = process.env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL;
const standinPort = /^http:\/\/127\.0\.0\.1:(\d+)\/?$/.exec(supabaseUrl)?.[1];
const cleanups = [];

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);

function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Every process below `pid`, with its Chromium --type (browser for the root). */
async function descendants(pid) {
  const children = new Map();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  const out = [];
  const walk = (p) => {
    for (const child of children.get(p) ?? []) {
      let type = 'other';
      try {
        type = /--type=([\w-]+)/.exec(readFileSync(`/proc/${child}/cmdline`, 'utf8'))?.[1] ?? 'other';
      } catch {
        // gone
      }
      out.push({ pid: child, type });
      walk(child);
    }
  };
  walk(pid);
  return out;
}

function freeBytes(dir) {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

async function writeRandomFile(file) {
  const hash = createHash('md5');
  const out = createWriteStream(file);
  for (let written = 0; written < SIZE; written += 16 * 1024 * 1024) {
    const chunk = randomBytes(16 * 1024 * 1024);
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  return hash.digest('hex');
}

async function startStandin(dataDir) {
  const child = spawn(process.execPath, ['supabase/local/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, STANDIN_PORT: standinPort, STANDIN_DATA_DIR: dataDir, STANDIN_QUIET: 'true' },
  });
  cleanups.push(() => stop(child));
  // A first start creates the database (initdb, migrations, seeds): minutes on a busy machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the stand-in exited (${child.exitCode})`);
    try {
      if ((await fetch(`${supabaseUrl}/_local/health`, { signal: AbortSignal.timeout(2000) })).ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the stand-in did not start within 300 s');
    await sleep(250);
  }
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
}

async function main(args) {
  if (!standinPort) throw new Error(`PUBLIC_SUPABASE_URL must be a local stand-in (http://127.0.0.1:<port>), got ${supabaseUrl}`);
  try {
    await fetch(`${supabaseUrl}/_local/health`, { signal: AbortSignal.timeout(2000) });
    throw new Error(`something already answers on ${supabaseUrl}: stop it first (the bench starts its own stand-in there)`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('something')) throw error;
  }
  const work = await mkdtemp(path.join(tmpdir(), 'bench-upload-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const free = freeBytes(work);
  log(`free space in ${tmpdir()}: ${(free / 1024 ** 3).toFixed(1)} GB (needs about 2.2 GB: the file and its stored copy)`);
  if (free < 2.5 * 1024 ** 3) throw new Error('not enough free disk space for a 1 GiB upload');

  if (!args.includes('--no-build')) {
    await build(root, () => {});
  }
  const source = path.join(work, 'workout-1gb.mp4');
  log('writing 1 GiB of random bytes');
  const sourceMd5 = await writeRandomFile(source);

  const dataDir = path.join(work, 'standin');
  log('starting the stand-in once to create its database');
  await stop(await startStandin(dataDir));
  const standin = await startStandin(dataDir);
  const portArg = args.indexOf('--port');
  const port = await findFreePort(portArg >= 0 ? Number(args[portArg + 1]) : 4400);
  const baseUrl = await startPreview(root, port, (fn) => cleanups.push(fn));

  const browser = await launchBrowser();
  cleanups.push(() => browser.close().catch(() => {}));
  // The browser's main process: Playwright's Chromium child without a --type.
  const browserPid = (await descendants(process.pid)).find(({ pid, type }) => {
    if (type !== 'other') return false;
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--remote-debugging-pipe');
    } catch {
      return false;
    }
  })?.pid;
  if (!browserPid) throw new Error('the browser process was not found');
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('admin-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
  await page.goto(`${baseUrl}/admin`);
  await page.getByRole('tab', { name: 'Upload New' }).click();
  const form = page.getByRole('tabpanel', { name: 'Upload New' });
  await form.getByRole('combobox', { name: /^Category/ }).selectOption('action');
  await form.getByRole('combobox', { name: /^Subcategory/ }).selectOption('training');
  await form.getByRole('textbox', { name: /^Descriptor/ }).fill('bench-1gb');
  await form.locator('input[type=file]').setInputFiles(source);

  const peaks = { standin: 0, renderer: 0, browser: 0, network: 0, gpu: 0, other: 0 };
  const standinBefore = rssOf(standin.pid);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peaks.standin = Math.max(peaks.standin, rssOf(standin.pid));
      peaks.browser = Math.max(peaks.browser, rssOf(browserPid));
      const byType = {};
      for (const { pid, type } of await descendants(browserPid)) {
        const key = type === 'renderer' ? 'renderer' : type === 'utility' ? 'network' : type === 'gpu-process' ? 'gpu' : 'other';
        // One tab: the largest renderer is the tab's.
        byType[key] = Math.max(byType[key] ?? 0, rssOf(pid));
      }
      for (const [key, value] of Object.entries(byType)) peaks[key] = Math.max(peaks[key], value);
      await sleep(250);
    }
  })();

  const started = Date.now();
  log('uploading 1 GiB through the dashboard (tus, 6 MiB chunks)');
  await form.getByRole('button', { name: 'Upload' }).click();
  const done = page.locator('[data-sonner-toast]').filter({ hasText: /Upload Complete|Upload Failed|Upload Error/ });
  await done.first().waitFor({ timeout: 30 * 60_000 });
  const seconds = (Date.now() - started) / 1000;
  const outcome = (await done.first().locator('[data-title]').textContent()) ?? '';
  sampling = false;
  await sampler;

  const listed = await page
    .evaluate(async (url) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
      const token = key ? JSON.parse(localStorage.getItem(key)).access_token : '';
      const response = await fetch(`${url}/storage/v1/object/list/videos`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ prefix: '', limit: 100, offset: 0 }),
      });
      return response.ok ? response.json() : [];
    }, supabaseUrl)
    .catch(() => []);
  const stored = listed.find((entry) => entry.name === 'action-training-kayla-bench-1gb-1.mp4');
  const storedMd5 = stored?.metadata?.eTag?.replaceAll('"', '');
  let storedFileMd5 = null;
  const storedPath = path.join(dataDir, 'storage', 'videos', 'action-training-kayla-bench-1gb-1.mp4');
  try {
    const hash = createHash('md5');
    for await (const chunk of createReadStream(storedPath)) hash.update(chunk);
    storedFileMd5 = hash.digest('hex');
  } catch {
    // not stored
  }

  const line = (label, bytes, budget) => `| ${label} | ${mb(bytes)} |${budget ? ` ${bytes / 1024 / 1024 < BUDGET_MB ? 'yes' : 'NO'} |` : ' – |'}`;
  console.log(
    [
      `# Upload bench ${new Date().toISOString()} · node ${process.version} · 1 GiB (${SIZE} B) through the admin dashboard`,
      '',
      `Result: ${outcome.trim() || 'no notice'} in ${seconds.toFixed(1)} s (${(SIZE / 1024 / 1024 / seconds).toFixed(1)} MiB/s).`,
      `Stored object: ${stored ? `${stored.metadata?.size} B` : 'not listed'}; MD5 source ${sourceMd5}, stored file ${storedFileMd5 ?? 'missing'}, eTag ${storedMd5 ?? 'missing'} — ${storedFileMd5 === sourceMd5 && storedMd5 === sourceMd5 ? 'identical' : 'DIFFERENT'}.`,
      '',
      '| process | peak RSS (MB) | under 300 MB |',
      '| --- | ---: | :---: |',
      line('browser tab (renderer)', peaks.renderer, true),
      line('stand-in (Node + PGlite)', peaks.standin, true),
      line('browser process', peaks.browser),
      line('network service', peaks.network),
      line('GPU process', peaks.gpu),
      '',
      `Stand-in RSS before the upload: ${mb(standinBefore)} MB. Sampled every 250 ms from /proc/<pid>/status (VmRSS).`,
    ].join('\n'),
  );
}

let code = 0;
try {
  await main(process.argv.slice(2));
} catch (error) {
  log(`could not run: ${error instanceof Error ? error.message : error}`);
  code = 1;
} finally {
  for (const fn of cleanups.reverse())
    await Promise.resolve()
      .then(fn)
      .catch(() => {});
}
process.exit(code);
