/**
 * The Content-Security-Policy the build writes into dist/_headers (src/integrations/headers.ts) lets every
 * inline script of every page run, and nothing else inline: no 'unsafe-inline' or 'unsafe-eval'
 * for scripts, no inline handlers or javascript: URLs, no framing, no plugins.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { forbiddenInlineCode, inlineScripts, sha256 } from '../../src/integrations/csp';
import { DIST, htmlFiles, textFiles } from './dist-files';

/** The placeholder older builds left in `_headers` when a step after `astro build` did not run. */
const PLACEHOLDER = '__CSP__';

/** Sources that would let a script the build did not write run. */
const UNSAFE_SCRIPT_SOURCE = /^('unsafe-(inline|eval|hashes)'|\*|(https?|data|blob):)$/i;

/** The directives of the one Content-Security-Policy line of `<dir>/_headers`. */
function policyOf(dir: string): Map<string, string[]> {
  const lines = [...readFileSync(join(dir, '_headers'), 'utf8').matchAll(/^\s*Content-Security-Policy:\s*(.+)$/gim)];
  if (lines.length !== 1) throw new Error(`_headers has ${lines.length} Content-Security-Policy lines, not 1`);
  const directives = lines[0]![1]!.split(';').map((part) => part.trim().split(/\s+/));
  return new Map(directives.filter(([name]) => name).map(([name, ...values]) => [name!.toLowerCase(), values]));
}

/** What is wrong with a build's policy and pages: "file: problem". */
function cspProblems(dir: string): string[] {
  const policy = policyOf(dir);
  const scriptSrc = policy.get('script-src') ?? [];
  const problems = scriptSrc.filter((source) => UNSAFE_SCRIPT_SOURCE.test(source)).map((source) => `_headers: script-src allows ${source}`);
  if (scriptSrc.length === 0) problems.push('_headers: no script-src');
  for (const name of ['object-src', 'frame-ancestors']) {
    if (policy.get(name)?.join(' ') !== "'none'") problems.push(`_headers: ${name} is not 'none'`);
  }
  for (const path of htmlFiles(dir)) {
    const html = readFileSync(path, 'utf8');
    const file = relative(dir, path);
    for (const hash of inlineScripts(html).map(sha256)) {
      if (!scriptSrc.includes(hash)) problems.push(`${file}: inline script ${hash} is not in script-src`);
    }
    for (const problem of forbiddenInlineCode(html)) problems.push(`${file}: ${problem}`);
  }
  for (const path of textFiles(dir)) {
    if (readFileSync(path, 'utf8').includes(PLACEHOLDER)) problems.push(`${relative(dir, path)}: the ${PLACEHOLDER} placeholder`);
  }
  return problems;
}

test('every inline script of dist/ is allowed by its hash, and nothing else inline is', () => {
  expect(htmlFiles(DIST).length).toBeGreaterThan(5);
  expect(htmlFiles(DIST).flatMap((path) => inlineScripts(readFileSync(path, 'utf8'))).length).toBeGreaterThan(0);
  expect(cspProblems(DIST)).toEqual([]);
});

test('the check reports what a broken build would let through or block', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dist-csp-'));
  try {
    const hashed = 'console.log("hashed")';
    const policy = `default-src 'self'; script-src 'self' ${sha256(hashed)} 'unsafe-eval'; object-src 'none'`;
    writeFileSync(join(dir, '_headers'), `/*\n  Content-Security-Policy: ${policy}\n`);
    writeFileSync(join(dir, 'a.html'), `<script>${hashed}</script><script type="module">console.log("new")</script>`);
    writeFileSync(join(dir, 'b.html'), '<script type="application/ld+json">{}</script><a href="javascript:void 0">x</a>');
    mkdirSync(join(dir, 'c'));
    writeFileSync(join(dir, 'c', 'd.html'), `<button onclick="go()">go</button><script>${hashed}</script>`);
    writeFileSync(join(dir, 'e.js'), `const policy = "${PLACEHOLDER}";`);
    expect(cspProblems(dir).sort()).toEqual([
      "_headers: frame-ancestors is not 'none'",
      "_headers: script-src allows 'unsafe-eval'",
      `a.html: inline script ${sha256('console.log("new")')} is not in script-src`,
      'b.html: javascript: URL',
      'c/d.html: inline handler onclick=',
      `e.js: the ${PLACEHOLDER} placeholder`,
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
