/**
 * The floating chat-style prompt: a round button opens a card; a section that has been more
 * than half visible for 3000 ms becomes the prompt's message and lights the red dot (each
 * section once, never while the card is open); the action scrolls to #contact and closes the
 * card; the close button closes it. No React until the visitor opens it.
 */
import { expect, test, type Page } from './fixtures';
import { pageScriptsReady, hydrated, island, pausedClock } from './helpers';

const toggle = (page: Page) => page.locator('[data-prompt-toggle]');
const dot = (page: Page) => page.locator('[data-prompt-dot]');
const card = (page: Page) => page.locator('#prompt-card');

// The page scrolls smoothly (html { scroll-behavior: smooth }). The tests jump instead: a smooth
// scroll would still be passing sections while the paused clock is run forward, and those would
// come due on the way.

/** Scrolls the hero off the screen (the round button is hidden while the hero fills it). */
async function pastHero(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.querySelector<HTMLElement>('[data-hero]')!.offsetHeight, behavior: 'instant' }));
  await expect(toggle(page)).toBeVisible();
}

/** Scrolls a section into view and waits until the watcher is timing it (observers are async). */
async function watch(page: Page, id: string, block: 'start' | 'center' = 'center') {
  await page.evaluate(({ section, at }) => document.getElementById(section)?.scrollIntoView({ block: at, behavior: 'instant' }), { section: id, at: block });
  await expect(toggle(page)).toHaveAttribute('data-watching', new RegExp(`(^| )${id}( |$)`));
}

/** Opens `/`, scrolls past the hero and opens the card from the round button with Enter. */
async function openWithKeyboard(page: Page) {
  await page.goto('/');
  await pastHero(page);
  await toggle(page).focus();
  await page.keyboard.press('Enter');
  await expect(card(page)).toBeVisible();
}

test.describe('floating prompt', () => {
  test('a section seen for 3000 ms becomes the message, with the red dot', async ({ page }) => {
    await pausedClock(page);
    await page.goto('/');
    await pageScriptsReady(page);
    await pastHero(page);
    await expect(toggle(page)).toHaveAccessibleName('Chat with Kayla');
    await expect(dot(page)).toBeHidden();
    await watch(page, 'about', 'start');
    await page.clock.runFor(2900);
    await expect(dot(page)).toBeHidden();
    await page.clock.runFor(200);
    await expect(dot(page)).toBeVisible();
    await expect(toggle(page)).toHaveAccessibleName('Chat with Kayla: new message');
    await expect(island(page, 'PromptCard')).toHaveAttribute('ssr', '');

    await toggle(page).click();
    await hydrated(page, 'PromptCard');
    await expect(card(page)).toBeVisible();
    await expect(card(page)).toHaveAttribute('data-section', 'about');
    await expect(page.getByRole('dialog', { name: 'Sound like you?' })).toContainText("If you're juggling a lot");
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  });

  test('is hidden while the hero fills the screen', async ({ page }) => {
    await page.goto('/');
    await expect(toggle(page)).toBeHidden();
    await pastHero(page);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(toggle(page)).toBeHidden();
  });

  test('keeps room at the foot of the page only while it shows', async ({ page }) => {
    const scrollPadding = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom));
    await page.goto('/');
    await pageScriptsReady(page);
    const withoutIt = await scrollPadding();
    await pastHero(page);
    // 5.5rem: the round button (3.5rem) and its distance from the foot, with room to spare.
    await expect.poll(scrollPadding).toBe(withoutIt + 88);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(toggle(page)).toBeHidden();
    await expect.poll(scrollPadding).toBe(withoutIt);
  });

  test('the action button scrolls to #contact and closes the card', async ({ page }) => {
    await page.goto('/');
    await pastHero(page);
    await toggle(page).click();
    await expect(card(page)).toBeVisible();
    await card(page).getByRole('button', { name: 'Book my free call' }).click();
    await expect(card(page)).toBeHidden();
    await expect(page.locator('#contact')).toBeInViewport();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('the close button (and Escape) close it, focus back on the round button; keyboard only', async ({ page }) => {
    await openWithKeyboard(page);
    await expect(card(page).getByRole('button', { name: 'Close chat' })).toBeFocused();
    await expect(card(page)).toContainText("Hi, I'm Kayla!");
    await page.keyboard.press('Enter');
    await expect(card(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
  });

  test('closed with Escape while the hero is back on screen: the round button stays, with the focus, until focus leaves', async ({ page }) => {
    await openWithKeyboard(page);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    // The card is not modal: focus may be anywhere on the page when Escape is pressed.
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await skipLink.focus();
    await page.keyboard.press('Escape');
    await expect(card(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
    await expect(toggle(page)).toBeVisible();
    await skipLink.focus();
    await expect(toggle(page)).toBeHidden();
  });

  test('each section at most once, and nothing while the card is open', async ({ page }) => {
    await pausedClock(page);
    await page.goto('/');
    await pageScriptsReady(page);
    await pastHero(page);
    // The card is open: a section seen meanwhile does not become the message.
    await toggle(page).click();
    await hydrated(page, 'PromptCard');
    await expect(card(page)).toBeVisible();
    await watch(page, 'about', 'start');
    await page.clock.runFor(4000);
    await expect(card(page)).toHaveAttribute('data-section', '');
    await expect(dot(page)).toBeHidden();
    await card(page).getByRole('button', { name: 'Close chat' }).click();

    // Closed: the next section seen for 3 s is used.
    await watch(page, 'supplements');
    await page.clock.runFor(3100);
    await expect(dot(page)).toBeVisible();
    await toggle(page).click();
    await expect(card(page)).toHaveAttribute('data-section', 'supplements');
    await card(page).getByRole('button', { name: 'Close chat' }).click();

    // Away and back: it is not used again (it is no longer timed).
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(toggle(page)).toHaveAttribute('data-watching', '');
    await page.evaluate(() => document.getElementById('supplements')?.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await page.clock.runFor(4000);
    await expect(toggle(page)).not.toHaveAttribute('data-watching', /supplements/);

    // The section skipped while the card was open counts again once it is back on screen.
    await watch(page, 'about', 'start');
    await page.clock.runFor(3100);
    await toggle(page).click();
    await expect(card(page)).toHaveAttribute('data-section', 'about');
  });
});

test.describe('floating prompt without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('is not shown (it could do nothing)', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 2000)).catch(() => {});
    await expect(toggle(page)).toBeHidden();
  });
});
