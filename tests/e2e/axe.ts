/** axe (WCAG 2.2 AA) on the page as a visitor sees it once its entrance animations have ended. */
import axe from 'axe-core';
import { expect, type Page } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits for the entrance animations to end (a card fading in is half transparent, and axe would
 * measure its contrast mid-fade), then expects no violation. Sections below the first screen are
 * `content-visibility: auto`: their styles, and so their animations, start only when something
 * reads them (axe would, halfway through its run), so every style is read first. Endless
 * animations (a caret, a spinner) and paused ones are not waited for.
 *
 * `within` (a selector) checks one part, such as an open dialog, whose page the route tests
 * already check on its own; `{ exclude }` the page but one part (a third-party app such as the
 * content editor's Decap, whose own findings its tests record apart).
 *
 * axe runs once, in the page's own document: injected once and run once, reporting violations
 * only. Frames are left out: on these pages they are the stand-ins of third-party widgets, not the
 * site. (@axe-core/playwright injected axe into every frame, then again into a new blank page to
 * merge the results: on a loaded machine an axe run of / took 25 s, and tests ran out of time.)
 */
export async function expectNoAxeViolations(page: Page, within?: string | { exclude: string }): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.body.querySelectorAll('*')) void getComputedStyle(element).opacity;
  });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ within, tags }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const context = typeof within === 'string' ? { include: [within] } : within ? { exclude: [within.exclude] } : document;
      const results = await axe.run(context, { runOnly: { type: 'tag', values: tags }, iframes: false, resultTypes: ['violations'] });
      return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    },
    { within, tags: WCAG_TAGS },
  );
  expect(violations).toEqual([]);
}
