/**
 * Near-zero JavaScript before interaction (read from the build): until the visitor interacts,
 * every public page runs only its inline scripts: no React, no island code, no script fetched
 * (each kind of page's one script is inline, so nothing is requested on the way to the first
 * paint), at most 15 KB gzip of JavaScript in all, and only its own kind's code. Islands hydrate
 * on first use or in view.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { inlineScripts } from '../../src/integrations/csp';
import { PIXEL_SCRIPT_URL } from '../../src/features/tracking/pixel';
import { POSTER_FRAME_WORKER } from '../../src/enhancers/community-video';
import { routes } from '../e2e/routes';
import { distFile, readPage } from './dist-files';
import { firstScreenScripts } from './first-screen-scripts';

// The indexed routes; /auth and /admin are not among them: there the island is the page.
const publicPages = routes.filter((route) => route.indexed).map((route) => route.path);
const BUDGET_GZIP_BYTES = 15 * 1024;
/** Named by a page script, fetched only later: the community video's poster worker, once the video has loaded near the screen (as a client:visible island). */
const FETCHED_LATER = [POSTER_FRAME_WORKER];
/** React's own source, whatever chunk the bundler puts it in. */
const REACT_SOURCE = /@license React|Symbol\.for\("react\.(transitional\.)?element"\)/;
const FRAMEWORK_FILE_NAME = /react|\/client\.[\w-]+\.js$/;
/** A listener every page's one script adds (src/enhancers/dialog.ts): proof it is among the inline scripts. */
const PAGE_SCRIPT_MARK = '[data-open-booking]';
/** Code that one kind of page's script carries (src/enhancers/page-scripts/), by a string it names. */
const OWN_CODE = [
  { what: "the carousel's strip", mark: '[data-carousel-rows]', pages: ['/'] },
  { what: "a thank-you page's conversion", mark: '/api/track-conversion', pages: ['/thank-you', '/thank-you/call', '/thank-you/resource'] },
];

for (const path of publicPages) {
  test(`${path}: no React, no script fetched, ≤ 15 KB gzip of JavaScript before any interaction`, async () => {
    const html = readPage(path);
    const { files: named, external, earlyIslands, islandFiles } = await firstScreenScripts(html, path);
    const files = named.filter((file) => !FETCHED_LATER.includes(file));
    expect(earlyIslands, 'islands that hydrate without interaction').toEqual([]);
    // Meta's pixel (the coach's ads tracking) is named by the page script and loads after the first
    // frame where a pixel id is configured; it is Meta's code, not counted in the budget.
    expect(
      external.filter((url) => url !== PIXEL_SCRIPT_URL),
      'scripts from other sites',
    ).toEqual([]);
    expect(named.filter((file) => !existsSync(distFile(file))), 'scripts missing from dist/').toEqual([]);
    expect(files, 'scripts fetched before interaction (the page script should be inline: does it import something now?)').toEqual([]);
    const inline = inlineScripts(html);
    expect(inline.some((code) => code.includes(PAGE_SCRIPT_MARK)), 'the page script among the inline scripts').toBe(true);
    const code = new Map([...files.map((file) => [file, readFileSync(distFile(file))] as const), ...inline.map((text, i) => [`inline script ${i + 1}`, Buffer.from(text)] as const)]);
    expect(files.filter((file) => islandFiles.includes(file) || FRAMEWORK_FILE_NAME.test(file)), 'island or framework files').toEqual([]);
    expect([...code].filter(([, bytes]) => REACT_SOURCE.test(bytes.toString('utf8'))).map(([name]) => name), 'scripts with React in them').toEqual([]);
    const sizes = [...code].map(([name, bytes]) => ({ name, gzip: gzipSync(bytes, { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    expect(total, sizes.map(({ name, gzip }) => `${name} ${gzip} B gz`).join('\n')).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
}

test("each page's script carries its own kind's code only", () => {
  for (const { what, mark, pages } of OWN_CODE) {
    const carrying = publicPages.filter((path) => inlineScripts(readPage(path)).some((code) => code.includes(mark)));
    expect(carrying, `pages whose script carries ${what}`).toEqual(pages);
  }
});
