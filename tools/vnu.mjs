#!/usr/bin/env node
/**
 * The Nu HTML checker (vnu-jar, run with the machine's Java) over every page in dist/.
 * Errors are everything the checker calls an error, except one message about Astro's own
 * markup: the `<style>astro-island,…</style>` Astro writes into <body> on pages with islands; and
 * two about syntax the HTML and CSS standards have and the checker does not know yet (NEWER_THAN_CHECKER).
 *
 *   npm run check:html          (after a build; exits 1 on any error)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const jar = join(dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');
const ASTRO_ISLAND_STYLE = 'A “style” element in “body” must be the first child of its parent.';

const ASTRO_ISLAND_STYLE_ELEMENT = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** Astro's island <style> in <body> (docs/security.md, valid HTML): the only message that is not counted. */
export function isAstroIslandStyle(message) {
  if (message.message !== ASTRO_ISLAND_STYLE || !message.url) return false;
  // The message points at the element: it must be exactly Astro's rule, nothing else.
  const line = readFileSync(fileURLToPath(message.url), 'utf8').split('\n')[message.lastLine - 1] ?? '';
  return line.startsWith(ASTRO_ISLAND_STYLE_ELEMENT, message.firstColumn - 1);
}

/**
 * Valid by the standards, unknown to the checker: the HTML standard's render-blocking
 * `<link rel="expect" blocking="render">` (src/lib/first-screen.ts) and CSS's `@property`
 * (src/styles/global.css). Each is matched exactly; the link's message only where the element is that link.
 */
const NEWER_THAN_CHECKER = [
  { message: 'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.', element: '<link rel="expect" ' },
  { message: 'CSS: Unrecognized at-rule “@property”', element: null },
];

/** A message about syntax the checker does not know yet (NEWER_THAN_CHECKER). */
export function isNewerThanChecker(message) {
  const known = NEWER_THAN_CHECKER.find((entry) => entry.message === message.message);
  if (!known || !message.url) return false;
  if (!known.element) return true;
  const line = readFileSync(fileURLToPath(message.url), 'utf8').split('\n')[message.lastLine - 1] ?? '';
  return line.startsWith(known.element, message.firstColumn - 1);
}

/** Runs the checker on a folder: { errors: ["file:line: message"], ignored, files }. */
export function checkHtml(dir = join(root, 'dist')) {
  const run = spawnSync(process.env.JAVA ?? 'java', ['-Xss4m', '-jar', jar, '--format', 'json', '--skip-non-html', dir], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(`vnu: could not run Java (${run.error.message}); install a JRE 17 or set JAVA`);
  const messages = JSON.parse(run.stderr || '{"messages":[]}').messages ?? [];
  const errors = [];
  let ignored = 0;
  for (const message of messages) {
    if (message.type !== 'error' && message.type !== 'non-document-error') continue;
    if (isAstroIslandStyle(message) || isNewerThanChecker(message)) {
      ignored += 1;
      continue;
    }
    const file = message.url ? relative(dir, fileURLToPath(message.url)) : '?';
    errors.push(`${file}:${message.lastLine ?? '?'}: ${message.message}`);
  }
  return { errors, ignored };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { errors, ignored } = checkHtml(process.argv[2]);
  for (const line of errors) console.log(line);
  console.log(`vnu: ${errors.length} errors (${ignored} messages not counted: Astro's island <style>, syntax newer than the checker)`);
  process.exitCode = errors.length === 0 ? 0 : 1;
}
