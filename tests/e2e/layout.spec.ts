import { expect, test } from './fixtures';

test.describe('header and navigation', () => {
  test('the nav labels point where the product has them (ABOUT and PROGRAMS crossed)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link', { name: 'ABOUT' })).toHaveAttribute('href', '#programs');
    await expect(nav.getByRole('link', { name: 'PROGRAMS' })).toHaveAttribute('href', '#about');
    await expect(nav.getByRole('link', { name: 'TESTIMONIALS' })).toHaveAttribute('href', '#testimonials');
    await expect(nav.getByRole('link', { name: 'CONTACT' })).toHaveAttribute('href', '#contact');
    const header = page.locator('header');
    await expect(header).toHaveCSS('position', 'fixed');
    await expect(header).toHaveCSS('height', '64px');
  });

  test('from another route a nav link goes home, then to the section', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/guides');
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'ABOUT' }).click();
    await expect(page).toHaveURL(/\/#programs$/);
    await expect(page.locator('#programs')).toBeInViewport();
  });

  test('the mobile menu opens, navigates, and closes', { tag: '@mobile' }, async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the menu button is for small screens');
    await page.goto('/thank-you');
    await page.locator('[data-mobile-menu] summary').click();
    const menu = page.getByRole('navigation', { name: 'Main (mobile)' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'TESTIMONIALS' }).click();
    await expect(page).toHaveURL(/\/#testimonials$/);
    await expect(page.locator('#testimonials')).toBeInViewport();
  });

  test.describe(() => {
    test.use({ allowedErrors: /ERR_CONNECTION_REFUSED/ });

    test('the logo falls back to the bundled file when storage cannot serve it', async ({ page }) => {
      await page.route('**/storage/v1/object/public/videos/**', (route) => route.abort('connectionrefused'));
      await page.goto('/');
      const logo = page.locator('header img').first();
      await expect(logo).toHaveAttribute('src', '/brand/logo-fallback.svg');
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    });
  });

  test('the logo comes from the public storage bucket when it is there', async ({ page }) => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await page.route('**/storage/v1/object/public/videos/brand/logo.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));
    await page.goto('/guides');
    const logo = page.locator('header img').first();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(logo).toHaveAttribute('src', /\/storage\/v1\/object\/public\/videos\/brand\/logo\.png$/);
  });

  test('the skip link is the first stop and moves focus to the content', async ({ page, browserName }) => {
    test.skip(browserName !== 'chromium');
    await page.goto('/guides');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });

  test('the footer has the section anchors, socials, and the contact e-mail', async ({ page }) => {
    await page.goto('/thank-you/call');
    const footer = page.locator('footer');
    for (const anchor of ['about', 'programs', 'testimonials', 'contact']) {
      await expect(footer.locator(`a[href="/#${anchor}"]`)).toHaveCount(1);
    }
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="https://"]')).toHaveCount(3);
  });
});

test.describe('spots badge', () => {
  test('shows the visitor’s current month, not the build month', async ({ page }) => {
    await page.clock.setFixedTime(new Date(2031, 2, 10, 12, 0));
    await page.goto('/');
    await expect(page.locator('[data-spots-badge]').first()).toHaveText('7 spots left in March');
  });

  test('sits at the top right of its container, white on teal', async ({ page }) => {
    await page.goto('/');
    const badge = page.locator('[data-spots-badge]').first();
    await expect(badge).toHaveCSS('position', 'absolute');
    await expect(badge).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(badge).toHaveCSS('background-color', 'rgb(6, 122, 118)');
    const box = await badge.boundingBox();
    const container = await badge.locator('xpath=..').boundingBox();
    expect(box && container).toBeTruthy();
    if (box && container) {
      expect(container.x + container.width - (box.x + box.width)).toBeLessThan(40);
      expect(box.y - container.y).toBeLessThan(40);
    }
  });
});

test.describe('community section', () => {
  test('shows the 7 member avatars, 5 on a small screen', { tag: '@mobile' }, async ({ page, isMobile }) => {
    await page.goto('/');
    const avatars = page.locator('section[aria-labelledby="community-heading"] ul img');
    await expect(avatars).toHaveCount(7);
    const shown = await avatars.evaluateAll((images) => images.filter((image) => (image as HTMLElement).checkVisibility()).length);
    expect(shown).toBe(isMobile ? 5 : 7);
  });
});
