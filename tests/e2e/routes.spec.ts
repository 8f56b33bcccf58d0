import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { routes } from './routes';

// The 404 page logs the missing path.
test.use({ allowedErrors: /404 Error: User attempted|status of 404/ });

for (const route of routes) {
  test(`${route.path} renders and passes axe (WCAG 2.2 AA)`, { tag: '@mobile' }, async ({ page }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(route.status ?? 200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // /admin sends an anonymous visitor to /auth once its guard (React + supabase-js) has run.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    await expect(page.locator('#main')).toBeVisible();

    await expectNoAxeViolations(page);
  });
}

test('the 404 page logs the missing path and links home', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await page.goto('/no/such/route');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect.poll(() => messages.some((text) => text.includes('/no/such/route'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the functions runtime is served alongside the pages', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});
