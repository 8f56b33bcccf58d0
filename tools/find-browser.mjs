#!/usr/bin/env node
/**
 * Runs before the tests: makes sure a Chromium is there. On Debian as root it installs
 * Debian's package when missing; anywhere else it says exactly how to get one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './browser.mjs';

const path = chromiumPath();
if (existsSync(path)) {
  console.log(`browser: ${path}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log("browser: Chromium is missing; installing Debian's chromium package...");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (existsSync(chromiumPath())) process.exit(0);
}

console.error(
  [
    `browser: no Chromium at ${path}.`,
    'Install one, then run the tests again:',
    '  Debian/Ubuntu: sudo apt-get install -y chromium',
    '  or point CHROMIUM_PATH at an installed Chromium or Chrome binary.',
  ].join('\n'),
);
process.exit(1);
