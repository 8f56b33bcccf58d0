/**
 * The supplements section: the discount code's copy button (toasts from an island loaded on
 * first use; the button becomes a Shop link) and the supplements screener modal.
 */
import { expect, test } from './fixtures';
import { hydrated, island, pageScriptsReady, screenerReady } from './helpers';

test.describe('discount code', () => {
  test('copies the code: success toast, then the button becomes the Shop link', async ({ page, context, browserName }) => {
    test.skip(browserName !== 'chromium');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    const card = page.locator('[data-copy-code]');
    await card.scrollIntoViewIfNeeded();
    await expect(island(page, 'Toasts')).toHaveAttribute('ssr', '');
    await card.getByRole('button', { name: 'Copy code' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Code copied!');
    await expect(toast).toContainText('Your partner discount code KAYLA was copied');
    await expect(toast).toHaveAttribute('data-type', 'success');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('KAYLA');
    const shop = card.getByRole('link', { name: 'Shop' });
    await expect(shop).toBeVisible();
    await expect(shop).toHaveAttribute('href', 'https://legionathletics.com/?ref=kayla');
    await expect(shop).toBeFocused();
    await expect(card.getByRole('button', { name: 'Copy code' })).toBeHidden();
  });

  test('when copying fails: a destructive toast asks to copy the code manually, and the button stays', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      });
    });
    await page.goto('/');
    const card = page.locator('[data-copy-code]');
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Copy code' }).click();
    const toast = page.locator('[data-sonner-toast]');
    // The toasts island hydrates on this first use.
    await expect(toast).toContainText('Failed to copy');
    await expect(toast).toContainText('Please copy the code manually');
    await expect(toast).toHaveAttribute('data-type', 'error');
    await expect(toast).toHaveCSS('color', 'rgb(180, 35, 24)');
    await expect(card.getByRole('button', { name: 'Copy code' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Shop' })).toBeHidden();
  });
});

test.describe('supplements screener', () => {
  const open = async (page: import('@playwright/test').Page) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Find your supplements' });
    await screenerReady(page);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Find your supplements' });
    await expect(dialog).toBeVisible();
    return { button, dialog };
  };

  // Scrolling past costs nothing (React's first evaluation is a long task on a phone): the island
  // hydrates on the visitor's intent, or at the tap (early-taps.spec.ts).
  test('hydrates on intent (hover or focus of its button), not when the section comes into view', async ({ page }) => {
    await page.goto('/');
    await pageScriptsReady(page);
    await expect(island(page, 'ScreenerModal')).toHaveAttribute('ssr', '');
    await page.locator('#supplements').scrollIntoViewIfNeeded();
    // Two frames: an intersection observer would have been told by then; the island is not asked.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(island(page, 'ScreenerModal')).not.toHaveAttribute('data-wanted');
    await expect(island(page, 'ScreenerModal')).toHaveAttribute('ssr', '');
    await page.getByRole('button', { name: 'Find your supplements' }).hover();
    await hydrated(page, 'ScreenerModal');
  });

  test('three questions one at a time, a 3-segment progress bar, then the strength results', async ({ page }) => {
    const { dialog } = await open(page);
    const progress = dialog.getByRole('progressbar', { name: 'Screener progress' });
    await expect(progress.locator('span')).toHaveCount(3);
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
    await expect(dialog.getByText('Question 1 of 3')).toBeVisible();
    await dialog.getByRole('button', { name: 'Build strength' }).click();
    await expect(dialog.getByText('Question 2 of 3')).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '1');
    await expect(progress.locator('[data-filled="true"]')).toHaveCount(1);
    await dialog.getByRole('button', { name: /Intermediate/ }).click();
    await expect(dialog.getByText('Question 3 of 3')).toBeVisible();
    await dialog.getByRole('button', { name: 'Before my workout' }).click();
    await expect(progress).toHaveAttribute('aria-valuenow', '3');
    const results = dialog.locator('[data-screener-results]');
    await expect(results).toHaveAttribute('data-screener-results', 'strength-intermediate');
    await expect(results.getByRole('heading', { level: 4 })).toHaveText(['Whey Protein', 'Creatine Monohydrate', 'Pre-Workout']);
    await expect(results).toContainText('You prefer: Before my workout');
    await expect(results).toContainText('Use code KAYLA at checkout');
    await expect(results.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', 'https://legionathletics.com/?ref=kayla');
  });

  test('any goal but strength gets the default pair; Retake goes back to the first question', async ({ page }) => {
    const { dialog } = await open(page);
    await dialog.getByRole('button', { name: 'Improve endurance' }).click();
    await dialog.getByRole('button', { name: /Advanced/ }).click();
    await dialog.getByRole('button', { name: "I'm flexible" }).click();
    const results = dialog.locator('[data-screener-results]');
    await expect(results).toHaveAttribute('data-screener-results', 'default');
    await expect(results.getByRole('heading', { level: 4 })).toHaveText(['Whey Protein', 'Pre-Workout']);
    await dialog.getByRole('button', { name: 'Retake' }).click();
    await expect(dialog.getByText('Question 1 of 3')).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  test('closing resets to the first question', async ({ page }) => {
    const { dialog } = await open(page);
    await dialog.getByRole('button', { name: 'Lose fat' }).click();
    await expect(dialog.getByText('Question 2 of 3')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Find your supplements' }).click();
    await expect(dialog.getByText('Question 1 of 3')).toBeVisible();
  });

  test('works with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Find your supplements' });
    await button.scrollIntoViewIfNeeded();
    await button.focus();
    await hydrated(page, 'ScreenerModal');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Find your supplements' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    // Tab to the first option (Build strength) and choose it, three times over.
    for (const expected of ['Question 2 of 3', 'Question 3 of 3']) {
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(dialog.getByText(expected)).toBeVisible();
      await expect(dialog.locator('[data-screener-question]')).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { name: 'Your recommended stack' })).toBeFocused();
    await expect(dialog.locator('[data-screener-results]')).toHaveAttribute('data-screener-results', 'strength-beginner');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });
});
