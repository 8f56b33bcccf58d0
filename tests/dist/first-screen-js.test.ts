/**
 * Near-zero JavaScript before interaction (read from the build): until the visitor interacts,
 * every public page loads only tiny enhancers: no React, no island code, at most 15 KB gzip of
 * JavaScript in all. Islands hydrate on first use or when they come into view.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { routes } from '../e2e/routes';
import { distFile, readPage } from './dist-files';
import { firstScreenScripts } from './first-screen-scripts';

// The indexed routes; /auth and /admin are not among them: there the island is the page.
const publicPages = routes.filter((route) => route.indexed).map((route) => route.path);
const BUDGET_GZIP_BYTES = 15 * 1024;
/** React's own source, whatever chunk the bundler puts it in. */
const REACT_SOURCE = /@license React|Symbol\.for\("react\.(transitional\.)?element"\)/;
const FRAMEWORK_FILE_NAME = /react|\/client\.[\w-]+\.js$/;

for (const path of publicPages) {
  test(`${path}: no React and ≤ 15 KB gzip of JavaScript before any interaction`, async () => {
    const { files, external, earlyIslands, islandFiles } = await firstScreenScripts(readPage(path), path);
    expect(earlyIslands, 'islands that hydrate without interaction').toEqual([]);
    expect(external, 'scripts from other sites').toEqual([]);
    expect(files.filter((file) => !existsSync(distFile(file))), 'scripts missing from dist/').toEqual([]);
    // The page's own enhancers are always among them: an empty list means the page was misread.
    expect(files.length).toBeGreaterThan(0);
    const code = new Map(files.map((file) => [file, readFileSync(distFile(file))]));
    expect(files.filter((file) => islandFiles.includes(file) || FRAMEWORK_FILE_NAME.test(file)), 'island or framework files').toEqual([]);
    expect(files.filter((file) => REACT_SOURCE.test(code.get(file)!.toString('utf8'))), 'files with React in them').toEqual([]);
    const sizes = files.map((file) => ({ file, gzip: gzipSync(code.get(file)!, { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    expect(total, sizes.map(({ file, gzip }) => `${file} ${gzip} B gz`).join('\n')).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
}
