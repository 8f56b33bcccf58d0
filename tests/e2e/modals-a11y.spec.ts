/**
 * axe (WCAG 2.2 AA) finds nothing on / and /in-development with each modal open, in the states
 * a visitor sees: the booking modal's fallback (offline) and widget, the screener's questions
 * and results, the prompt card, and a toast. A modal is checked on its own: the page around it is
 * inert while it is open, and the route tests check each page.
 */
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { blockBookingHost, carouselInUse, screenerReady, serveBookingHost } from './helpers';

for (const path of ['/', '/in-development', '/guides']) {
  test(`${path}: the booking modal open (fallback, then widget) passes axe`, async ({ page, isMobile }) => {
    test.skip(isMobile && path === '/guides', 'on a phone /guides opens the booking modal from its header, which is for larger screens');
    await blockBookingHost(page);
    await page.goto(path);
    await page.locator('[data-open-booking]:visible').first().click();
    await expect(page.locator('[data-booking-fallback]')).toBeVisible();
    await expectNoAxeViolations(page, '#booking-dialog');

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await serveBookingHost(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('#booking-dialog iframe')).toBeVisible();
    await expect(page.getByText('Loading the calendar…')).toBeHidden();
    await expectNoAxeViolations(page, '#booking-dialog');
  });
}

test('/: the screener open (a question, then the results) passes axe', async ({ page }) => {
  await page.goto('/');
  const open = page.getByRole('button', { name: 'Find your supplements' });
  await screenerReady(page);
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Find your supplements' });
  await expect(dialog.getByText('Question 1 of 3')).toBeVisible();
  await expectNoAxeViolations(page, 'dialog[open]');
  await dialog.getByRole('button', { name: 'Build strength' }).click();
  await dialog.getByRole('button', { name: /Beginner/ }).click();
  await dialog.getByRole('button', { name: 'After my workout' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your recommended stack' })).toBeVisible();
  await expectNoAxeViolations(page, 'dialog[open]');
});

test('/: the prompt card open, the carousel hydrated and a toast shown pass axe', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await carouselInUse(page);
  await page.locator('[data-copy-button]').scrollIntoViewIfNeeded();
  await page.locator('[data-copy-button]').click();
  await expect(page.locator('[data-sonner-toast]')).toBeVisible();
  await page.locator('[data-prompt-toggle]').click();
  await expect(page.locator('#prompt-card')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the mobile menu open passes axe', { tag: '@mobile' }, async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the menu button is for small screens');
  for (const path of ['/', '/guides']) {
    await page.goto(path);
    await page.locator('[data-mobile-menu] summary').click();
    await expect(page.locator('[data-mobile-menu] nav')).toBeVisible();
    await expectNoAxeViolations(page, 'header');
  }
});
