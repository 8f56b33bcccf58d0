#!/usr/bin/env node
/**
 * `npm test`: every test, in order, stopping at the first phase that fails: type check, lint
 * (ESLint and Prettier), the production build, unit and integration tests, the checks over dist/,
 * the end-to-end tests, then those of `npm run dev` (in a copy of the checkout). When another checkout's stand-in holds the usual port, the build and the
 * tests use this checkout's own on a free port (tools/supabase-local.mjs).
 * Prints how long each phase took at the end (also when one failed).
 *
 *   npm test                 (every phase)
 */
import { spawnSync } from 'node:child_process';
import { standinForBuild } from './supabase-local.mjs';

const PHASES = [
  ['check', 'check'],
  ['lint', 'lint'],
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
let failed = '';
for (const [phase, script] of PHASES) {
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
console.log(
  `  ${'total'.padEnd(7)} ${timings
    .reduce((sum, [, s]) => sum + s, 0)
    .toFixed(0)
    .padStart(5)} s`,
);
if (failed) {
  console.error(`test: ${failed} failed`);
  process.exit(1);
}
