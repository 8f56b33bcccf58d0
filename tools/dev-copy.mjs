#!/usr/bin/env node
/**
 * `npm run dev` in a copy of this checkout, for the end-to-end tests that save content
 * (playwright.dev.config.ts): the content editor writes the working tree, and a test must never
 * write this checkout's src/content. The copy holds the files git knows (tracked, and new ones not
 * ignored) at a fixed place for the port (devCopyDir), node_modules hard-linked (a second, no
 * bytes copied: about a second; its own .vite cache); it is removed when the server stops.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the copy for a port lives: the tests read the files the editor wrote there. */
export function devCopyDir(port) {
  return join(tmpdir(), `coach-site-dev-copy-${port}`);
}

/** Copies the files git knows of this checkout into `dir`, with node_modules hard-linked; the number of files copied. */
export function copyCheckout(dir) {
  rmSync(dir, { recursive: true, force: true });
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    if (lstatSync(join(root, file)).isSymbolicLink()) symlinkSync(readlinkSync(join(root, file)), join(dir, file));
    else copyFileSync(join(root, file), join(dir, file));
  }
  // Hard links, not a symbolic link: Vite serves files by their real path, and refuses those outside the copy.
  execFileSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')]);
  rmSync(join(dir, 'node_modules', '.vite'), { recursive: true, force: true });
  return files.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.E2E_DEV_PORT ?? 4392);
  const dir = devCopyDir(port);
  const copied = copyCheckout(dir);
  console.log(`dev-copy: ${copied} files in ${dir}`);

  const env = { ...process.env };
  delete env.PUBLIC_SUPABASE_URL; // the copy's own stand-in, seeded fresh
  const server = spawn(process.execPath, ['tools/dev.mjs', '--port', String(port)], { cwd: dir, env, stdio: 'inherit' });
  const stop = () => server.kill('SIGTERM');
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  server.on('exit', (code) => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
}
