#!/usr/bin/env node
/**
 * Runs before the tests: makes sure Chromium and its headless shell are there (tools/browser.mjs).
 * On Debian as root it installs Debian's packages when missing; anywhere else it says exactly how
 * to get them. Without the headless shell the tests run on the full browser, only slower.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { HEADLESS_SHELL, chromiumPath, testBrowserPath } from './browser.mjs';

const missing = [];
if (!existsSync(chromiumPath())) missing.push('chromium');
if (!process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL)) missing.push('chromium-headless-shell');

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (missing.length > 0 && isRoot && hasApt) {
  console.log(`browser: installing Debian's ${missing.join(' and ')} package${missing.length > 1 ? 's' : ''}...`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

if (existsSync(chromiumPath())) {
  console.log(`browser: ${chromiumPath()}; end-to-end tests: ${testBrowserPath()}`);
  process.exit(0);
}

console.error(
  [
    `browser: no Chromium at ${chromiumPath()}.`,
    'Install one, then run the tests again:',
    '  Debian/Ubuntu: sudo apt-get install -y chromium chromium-headless-shell',
    '  or point CHROMIUM_PATH at an installed Chromium or Chrome binary.',
  ].join('\n'),
);
process.exit(1);
