/**
 * What the first paint of a public page holds and costs, read from the build: the first paint waits
 * for the parser to reach the page's empty first paint mark (src/lib/first-paint.ts), and each page's
 * stylesheet is built from the files that page can show (the admin's classes are in
 * /admin's only).
 */
import { expect, test } from 'vitest';
import { FIRST_PAINT_MARK_ID } from '../../src/lib/first-paint';
import { routes } from '../e2e/routes';
import { readPage } from './dist-files';

const PUBLIC_PAGES = routes.filter((route) => route.path !== '/admin' && !route.path.startsWith('/admin/')).map((route) => route.path);
const EXPECT_LINK = `<link rel="expect" href="#${FIRST_PAINT_MARK_ID}" blocking="render">`;
/** A class only the admin's files use (the media picker's file input), and one every page uses. */
const ADMIN_ONLY_RULE = '.file\\:rounded-full::file-selector-button';
const SHARED_RULE = '.container-content{';

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const body = (html: string) => html.slice(html.indexOf('<body'));
const stylesheet = (html: string) => [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');

const MARK = `<span id="${FIRST_PAINT_MARK_ID}" hidden></span>`;

test.each(PUBLIC_PAGES)('%s: the first paint waits for an empty mark, once in <body>: after the hero picture on /, after the heading elsewhere', (path) => {
  const html = readPage(path === '/this-page-does-not-exist' ? '/404' : path);
  expect(head(html)).toContain(EXPECT_LINK);
  expect(html.split(`id="${FIRST_PAINT_MARK_ID}"`)).toHaveLength(2);
  // Empty: the browser lets the first frame through once the target is in the document, so a target
  // with children would let it through before they are parsed.
  const page = body(html);
  expect(page).toContain(MARK);
  if (path === '/') {
    // The hero's copy is drawn once parsed to its end (src/styles/global.css), so the frames after the picture never show it half-way.
    expect(stylesheet(html)).toContain('[data-hero-copy]:not(:has(>[data-hero-copy-end])){visibility:hidden}');
    expect(page).toMatch(/<div[^>]*data-hero-copy>[\s\S]*?<span data-hero-copy-end hidden><\/span> <\/div>/);
  }
  if (path === '/') expect(page).toMatch(new RegExp(`<picture[^>]*>(?:(?!</picture>)[\\s\\S])*hero-mobile(?:(?!</picture>)[\\s\\S])*</picture>\\s*${MARK}`));
  else expect(page.indexOf(MARK)).toBeGreaterThan(page.indexOf('<h1'));
});

test('/admin draws its own first screen: nothing holds its first paint', () => {
  expect(readPage('/admin')).not.toContain('rel="expect"');
});

test("public pages carry none of the admin's classes; /admin's stylesheet has them and the public rules", () => {
  const publicCss = stylesheet(readPage('/'));
  const adminCss = stylesheet(readPage('/admin'));
  expect(publicCss).toContain(SHARED_RULE);
  expect(publicCss).not.toContain(ADMIN_ONLY_RULE);
  expect(adminCss).toContain(ADMIN_ONLY_RULE);
  expect(adminCss).toContain(SHARED_RULE);
  for (const path of PUBLIC_PAGES) expect(stylesheet(readPage(path === '/this-page-does-not-exist' ? '/404' : path))).toBe(publicCss);
});

// `html:has(x:not([hidden]))` is checked again, over the whole document, whenever any element is shown
// or hidden: each of those changes then restyled the page (4–6 ms each at 4× CPU on a phone).
test.each(PUBLIC_PAGES)('%s: no :has() on <html> or <body> reads the hidden attribute', (path) => {
  const css = stylesheet(readPage(path === '/this-page-does-not-exist' ? '/404' : path));
  const rules = [...css.matchAll(/(?:^|[{},])\s*((?:html|body)[^{},]*:has\([^{]*)\{/g)].map((match) => match[1]!);
  expect(rules.filter((selector) => selector.includes('[hidden]'))).toEqual([]);
});
