/** axe (WCAG 2.2 AA) on the page as a visitor sees it once its entrance animations have ended. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits for the entrance animations to end (a card fading in is half transparent, and axe would
 * measure its contrast mid-fade), then expects no violation. Sections below the first screen are
 * `content-visibility: auto`: their styles, and so their animations, start only when something
 * reads them (axe would, halfway through its run), so every style is read first. Endless
 * animations (a caret, a spinner) and paused ones are not waited for.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
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
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}
