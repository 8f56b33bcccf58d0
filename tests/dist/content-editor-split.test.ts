/**
 * The content editor's code (Decap CMS, over a megabyte gzip) loads on /admin/content only, by
 * `import()`: what the admin island loads before any `import()` runs, and every public page's
 * scripts and islands, hold none of it. Prints what the admin island loads, for docs/performance.md.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { routes } from '../e2e/routes';
import { distFile, readPage } from './dist-files';
import { firstScreenScripts, withStaticImports } from './first-screen-scripts';

const SITE = 'http://site.invalid';
/** Strings only Decap's code holds: the versions its modules log when they load. */
const DECAP = /decap-cms-(app|core) /;
/** `import("./name.js")`, with any quotes the bundler writes. */
const dynamicImport = (name: string) => new RegExp(String.raw`import\(["'\x60]\./${name.replaceAll('.', '\\.')}["'\x60]\)`);
const read = (path: string) => readFileSync(distFile(path), 'utf8');
const gzip = (paths: string[]) => paths.reduce((sum, path) => sum + gzipSync(readFileSync(distFile(path)), { level: 9 }).length, 0);

/** The files an island's element names, with all they import statically. */
async function islandCode(path: string): Promise<string[]> {
  const { islandFiles, files } = await firstScreenScripts(readPage(path), path);
  const loaded = await withStaticImports(islandFiles.map((file) => new URL(file, SITE)));
  return [...new Set([...files, ...loaded.files])];
}

test('Decap is in the build, reached only by an import() of the content editor', () => {
  const scripts = readdirSync(distFile('/_astro')).filter((name) => name.endsWith('.js'));
  const decap = scripts.filter((name) => DECAP.test(read(`/_astro/${name}`)));
  expect(decap.length, 'scripts holding Decap').toBeGreaterThan(0);
  for (const name of decap) {
    const importers = scripts.filter((other) => dynamicImport(name).test(read(`/_astro/${other}`)));
    expect(importers, `what imports ${name} with import()`).not.toEqual([]);
  }
});

test('/admin: the island loads no Decap before /admin/content imports it', async () => {
  const loaded = await islandCode('/admin');
  expect(loaded.filter((file) => DECAP.test(read(file))), 'admin scripts holding Decap').toEqual([]);
  console.log(`/admin island before any import(): ${loaded.length} scripts, ${gzip(loaded)} B gzip`);
});

for (const { path } of routes.filter((route) => route.indexed)) {
  test(`${path}: no script or island of the page holds Decap`, async () => {
    const loaded = await islandCode(path);
    expect(loaded.filter((file) => DECAP.test(read(file)))).toEqual([]);
  });
}
