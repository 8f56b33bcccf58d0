/**
 * The first paint draws a page's largest paint: the layout's `<link rel="expect" blocking="render">`
 * holds the first frame until the parser has reached the page's first paint mark (src/lib/first-paint.ts):
 * the hero's picture on the home page, the first screen's heading and text elsewhere. Read in the
 * first animation frame (drawn right after it), on a phone whose CPU is 4× slower, where the parser
 * yields several times before it gets there.
 */
import { FIRST_PAINT_MARK_ID } from '../../src/lib/first-paint';
import { expect, test } from './fixtures';

/** What the first frame must have: the hero's picture on the home page, the heading elsewhere. */
const PAGES = [
  ['/', '[data-hero-media] picture img'],
  ['/guides', 'main h1'],
  ['/thank-you/call', 'main h1 ~ div p'],
  ['/privacy', 'main h1 ~ p ~ p'],
] as const;

for (const [path, selector] of PAGES) {
  test(`${path}: the first frame has what the first paint must draw (${selector})`, { tag: '@mobile' }, async ({ page, browserName }) => {
    test.skip(browserName !== 'chromium', 'the CPU is slowed through the Chrome DevTools Protocol');
    await page.addInitScript(
      ([markId, selector]) => {
        const w = window as typeof window & { __firstFrame?: { drawn: boolean; mark: boolean } };
        requestAnimationFrame(() => {
          w.__firstFrame = { drawn: document.querySelector(selector) !== null, mark: document.getElementById(markId) !== null };
        });
      },
      [FIRST_PAINT_MARK_ID, selector] as const,
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(path);
    const firstFrame = await page.waitForFunction(() => (window as typeof window & { __firstFrame?: unknown }).__firstFrame);
    expect(await firstFrame.jsonValue()).toEqual({ drawn: true, mark: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });
}
