/**
 * The coach's own visits, through the real endpoint: in the seeded admin's browser (her stored
 * session) a thank-you page fires no pixel and sends her access token with its conversion; the
 * Pages Function (wrangler, against the stand-in) asks Supabase who she is and records the visit
 * as her own; the Conversions tab shows it apart, out of the totals and the campaigns. A session
 * whose access token has expired is refreshed first (the sign-out island's supabase-js).
 */
import { DEV_SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { expectNoAxeViolations } from './axe';
import { type Page, expect, test } from './fixtures';
import { openDashboard, serveTestEventFunction, unique } from './admin-helpers';
import { ADMIN_STATE } from './auth-state';
import { SUPABASE_URL } from './helpers';
import { layoutProblems, renderWholePage } from './layout-geometry';
import { REWRITTEN_PAGE_ERRORS, pixelCalls, withRecordedPixel } from './tracking-helpers';

test.use({ storageState: ADMIN_STATE, allowedErrors: REWRITTEN_PAGE_ERRORS });

const SERVICE_KEY = process.env.STANDIN_SERVICE_ROLE_KEY ?? DEV_SERVICE_ROLE_KEY;
const CONFIGURED = { configured: true, missing: [], api_version: 'v25.0', test_event_code_set: false };

/** The ledger's rows of a campaign, as the service role reads them. */
async function ledgerRows(page: Page, campaign: string): Promise<unknown[]> {
  const response = await page.request.get(`${SUPABASE_URL}/rest/v1/conversions?select=state,admin_visit,consented,meta_event&utm_campaign=eq.${campaign}`, {
    headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as unknown[];
}

async function openConversions(page: Page) {
  await serveTestEventFunction(page, () => ({ status: 200, body: CONFIGURED }));
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Conversions' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Conversions' });
  await expect(panel.getByTestId('conversions-loading')).toHaveText('');
  await expect(panel.getByTestId('delivery-counts')).toBeVisible();
  return panel;
}

/** The own visits the tab shows for the last 30 days (0 when it shows none). */
async function ownVisitsShown(page: Page): Promise<number> {
  const panel = await openConversions(page);
  const line = panel.getByTestId('own-visits');
  if (!(await line.count())) return 0;
  return Number(/Your own test visits: (\d+)/.exec((await line.textContent()) ?? '')?.[1]);
}

/** Lands with the campaign, then reaches /thank-you; the endpoint's answer and the token sent. */
async function visitThankYou(page: Page, campaign: string, before?: (page: Page) => Promise<void>) {
  await page.goto(`/?utm_source=e2e&utm_campaign=${campaign}`);
  await before?.(page);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/track-conversion');
  await page.goto('/thank-you');
  const response = await answered;
  await page.locator('html[data-conversion-tracked]').waitFor({ state: 'attached' });
  return { status: response.status(), authorization: (await response.request().allHeaders()).authorization ?? null };
}

const storedToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : null;
  });

test('an admin’s visit to /thank-you fires no pixel, is recorded as her own, and is shown apart in the Conversions tab, not in the totals', async ({ page }) => {
  const campaign = `e2e-${unique()}-own`;
  const before = await ownVisitsShown(page);
  await withRecordedPixel(page);
  const sent = await visitThankYou(page, campaign);
  expect(sent).toEqual({ status: 202, authorization: `Bearer ${await storedToken(page)}` });
  // Consent is given (the fixture's visitor agreed), and still no pixel: not even its PageView.
  expect(await page.evaluate(() => 'fbq' in window)).toBe(false);
  expect(await pixelCalls(page)).toEqual([]);
  expect(await ledgerRows(page, campaign)).toEqual([{ state: 'admin_visit', admin_visit: true, consented: true, meta_event: null }]);

  // The dashboard served as built (a rewritten page may not reach the loopback stand-in). Other
  // tests may add own visits meanwhile: at least this one more.
  await page.unrouteAll({ behavior: 'wait' });
  expect(await ownVisitsShown(page)).toBeGreaterThan(before);
  const panel = page.getByRole('tabpanel', { name: 'Conversions' });
  await expect(panel.getByTestId('own-visits')).toHaveText(
    /^Your own test visits: \d+, not counted\. Thank-you pages opened in a browser signed in as admin are kept apart: they are not in the totals, the chart, the campaigns or the CSV, and are never sent to Meta\.$/,
  );
  await expect(panel.getByRole('rowheader', { name: campaign, exact: true })).toHaveCount(0);
});

test('an expired stored session is refreshed first: the visit still counts as her own', async ({ page }) => {
  const campaign = `e2e-${unique()}-expired`;
  let old: string | null = null;
  const sent = await visitThankYou(page, campaign, async () => {
    old = await storedToken(page);
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name))!;
      localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key)!), expires_at: Math.floor(Date.now() / 1000) - 60 }));
    });
  });
  expect(old).toMatch(/^ey/);
  // The new token supabase-js stored, not the one whose time had run out.
  expect(sent).toEqual({ status: 202, authorization: `Bearer ${await storedToken(page)}` });
  expect(sent.authorization).not.toBe(`Bearer ${old}`);
  expect(await ledgerRows(page, campaign)).toEqual([{ state: 'admin_visit', admin_visit: true, consented: true, meta_event: null }]);
});

test('axe finds nothing on the Conversions tab with own visits shown; nothing overflows', { tag: '@mobile' }, async ({ page }) => {
  const campaign = `e2e-${unique()}-own-axe`;
  const response = await page.request.post(`${SUPABASE_URL}/rest/v1/rpc/record_conversion`, {
    headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` },
    data: {
      p_row: {
        event_id: `e2e-${campaign}`,
        event_name: 'Lead',
        conversion_type: 'lead_form',
        event_time: new Date().toISOString(),
        endpoint: 'pages',
        page_path: '/thank-you',
        utm_campaign: campaign,
        consented: false,
        state: 'admin_visit',
        admin_visit: true,
      },
    },
  });
  expect(await response.json()).toBe('recorded');
  const panel = await openConversions(page);
  await expect(panel.getByTestId('own-visits')).toBeVisible();
  await expectNoAxeViolations(page);
  await renderWholePage(page);
  expect(await layoutProblems(page)).toEqual([]);
});
