/** Signing in to the dashboard, and the dashboard's tabs, for the admin end-to-end tests. */
import { type Page, expect } from './fixtures';
import { SUPABASE_URL } from './helpers';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
export const MEMBER = { email: 'member@example.com', password: 'member-password' };
/** The content editor's role: the content editor (/admin/content), nothing else of the admin. */
export const EDITOR = { email: 'editor@example.com', password: 'editor-password' };
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/**
 * Opens the dashboard as the admin, whose session the sign-in project stored: a spec that uses
 * it starts with `test.use({ storageState: ADMIN_STATE })`.
 */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText(/\d+ of 46 assets/)).toBeVisible();
}

/** An access token of a seeded user, straight from the stand-in's auth API. */
export async function accessToken(page: Page, user: { email: string; password: string }): Promise<string> {
  const response = await page.request.post(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: user,
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

export { expectNoAxeViolations } from './axe';

/** A toast with this title (sonner renders them in a list inside the notifications region). */
/**
 * What the content editor's page may log: Decap's bundled libraries probe once, as its code loads,
 * whether the page may evaluate code (inside try/catch) and go on without it; the policy reports
 * each probe.
 */
export const DECAP_EVAL_PROBES = /CSP violation: script-src blocked eval \(\S*\/_astro\/start\.[\w-]+\.js:\d+\)|Refused to evaluate a string as JavaScript/;

export const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

/** Unique per test run, so parallel projects never upload the same object name. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/**
 * Answers the `conversions-test-event` edge function (written apart, to its contract) from
 * `answer` (method and body → status and body), with CORS as a Supabase function answers.
 * Returns the bodies POSTed to it.
 */
export async function serveTestEventFunction(page: Page, answer: (method: string, body: unknown) => { status: number; body: unknown }): Promise<unknown[]> {
  const posted: unknown[] = [];
  await page.route('**/functions/v1/conversions-test-event', async (route) => {
    const request = route.request();
    const headers = await request.allHeaders();
    const cors = { 'access-control-allow-origin': headers.origin ?? '*', vary: 'Origin' };
    if (request.method() === 'OPTIONS') {
      return route.fulfill({
        status: 204,
        headers: { ...cors, 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': headers['access-control-request-headers'] ?? '*' },
      });
    }
    const body = request.postData() ? (JSON.parse(request.postData()!) as unknown) : null;
    if (request.method() === 'POST') posted.push(body);
    const reply = answer(request.method(), body);
    return route.fulfill({ status: reply.status, headers: { ...cors, 'content-type': 'application/json' }, body: JSON.stringify(reply.body) });
  });
  return posted;
}
