#!/usr/bin/env node
/**
 * `npm test`: every test, in order, stopping at the first phase that fails: type check and lint
 * (ESLint and Prettier) side by side (each is one process on one core; their output is printed
 * when each ends, whole), the production build, unit and integration tests, the checks over dist/,
 * the end-to-end tests, then those of `npm run dev` (in a copy of the checkout). When another checkout's stand-in holds the usual port, the build and the
 * tests use this checkout's own on a free port (tools/supabase-local.mjs).
 * Prints how long each phase took at the end (also when one failed).
 *
 *   npm test                 (every phase)
 */
import { spawn, spawnSync } from 'node:child_process';
import { standinForBuild } from './supabase-local.mjs';

const SIDE_BY_SIDE = [
  ['check', 'check'],
  ['lint', 'lint'],
];
const PHASES = [
  // Before the unit tests: the build of saved content they run in a copy of the checkout
  // (tests/integration/content-hostile-saves.test.ts) then finds the site's pictures processed.
  ['build', 'build'],
  ['unit', 'test:unit'],
  ['dist', 'test:dist'],
  ['e2e', 'test:e2e'],
  // npm run dev itself, in a copy of the checkout: the content editor saving into the working tree.
  ['e2e-dev', 'test:e2e-dev'],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
console.log(`test: node ${process.version}`);
// The build bakes the stand-in's URL in: chosen once, before the build, for every phase.
const { env: standin } = await standinForBuild(process.env, 'test');
const env = { ...process.env, ...standin };
const timings = [];
const started = performance.now();
let failed = '';

/** Runs a script with its output kept, and prints that output whole when it ends. */
function runKept(phase, script) {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status, signal) => {
      process.stdout.write(Buffer.concat(output));
      timings.push([phase, (performance.now() - start) / 1000]);
      resolve(status === 0 ? '' : `${phase} (${signal ?? `exit code ${status}`})`);
    });
  });
}

failed = (await Promise.all(SIDE_BY_SIDE.map(([phase, script]) => runKept(phase, script)))).filter(Boolean).join(', ');
for (const [phase, script] of failed ? [] : PHASES) {
  const start = performance.now();
  const { status, signal } = spawnSync(npm, ['run', '--silent', script], { stdio: 'inherit', env });
  timings.push([phase, (performance.now() - start) / 1000]);
  if (status !== 0) {
    failed = `${phase} (${signal ?? `exit code ${status}`})`;
    break;
  }
}

console.log('\ntest phases:');
for (const [phase, seconds] of timings) console.log(`  ${phase.padEnd(7)} ${seconds.toFixed(0).padStart(5)} s`);
console.log(`  ${'total'.padEnd(7)} ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s (check and lint side by side)`);
if (failed) {
  console.error(`test: ${failed} failed`);
  process.exit(1);
}
