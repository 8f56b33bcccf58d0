/**
 * The Conversions tab as the seeded admin. Conversions are recorded for real, through the
 * stand-in's PostgREST (`record_conversion` with the service role key, as the endpoints record
 * them), under campaign names and event ids of this run only: other rows of the ledger may be
 * there too, and the ledger has no delete. The `conversions-test-event` edge function is answered
 * by `page.route` stand-ins of its contract (absent, then answering), with CORS as Supabase answers.
 */
import { readFile } from 'node:fs/promises';
import { DEV_SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { expectNoAxeViolations } from './axe';
import { type Page, expect, test } from './fixtures';
import { openDashboard, serveTestEventFunction, unique } from './admin-helpers';
import { ADMIN_STATE } from './auth-state';
import { SUPABASE_URL } from './helpers';
import { layoutProblems, renderWholePage } from './layout-geometry';
import { readCsv } from '../support/read-csv';

test.use({ storageState: ADMIN_STATE });

const SERVICE_KEY = process.env.STANDIN_SERVICE_ROLE_KEY ?? DEV_SERVICE_ROLE_KEY;

interface Recorded {
  event_id: string;
  conversion_type: 'lead_form' | 'call_scheduling' | 'resource_registration' | 'contact';
  utm_source: string;
  utm_campaign: string;
  utm_content?: string;
  consented?: boolean;
}

const EVENT_NAMES = { lead_form: 'Lead', call_scheduling: 'Schedule', resource_registration: 'CompleteRegistration', contact: 'Contact' } as const;

/** Records conversions as the endpoints do; a consented one is 'not_configured' (never delivered), the others counted only. */
async function record(page: Page, rows: Recorded[]): Promise<void> {
  for (const row of rows) {
    const consented = row.consented ?? false;
    const response = await page.request.post(`${SUPABASE_URL}/rest/v1/rpc/record_conversion`, {
      headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` },
      data: {
        p_row: {
          ...row,
          event_name: EVENT_NAMES[row.conversion_type],
          event_time: new Date().toISOString(),
          endpoint: 'pages',
          page_path: '/thank-you',
          consented,
          state: consented ? 'not_configured' : 'not_consented',
        },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    expect(await response.json()).toBe('recorded');
  }
}

const CONFIGURED = { configured: true, missing: [], api_version: 'v25.0', test_event_code_set: false };

async function openConversions(page: Page) {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Conversions' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Conversions' });
  await expect(panel.getByRole('heading', { level: 2, name: 'Conversions' })).toBeVisible();
  await expect(panel.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  await expect(panel.getByTestId('conversions-range')).toBeVisible();
  await expect(panel.getByTestId('conversions-loading')).toHaveText('');
  return panel;
}

/** The cells of a campaign's row: source, total, then Leads, Calls booked, Guide sign-ups, Contacts. */
const campaignCells = (page: Page, campaign: string) =>
  page
    .getByTestId('campaign-table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: campaign, exact: true }) })
    .getByRole('cell');

test('counts this run’s conversions per campaign and type; the CSV download holds the same rows', async ({ page }) => {
  const run = unique();
  const spring = `e2e-${run}-spring`;
  const summer = `e2e-${run}-summer`;
  const rows: Recorded[] = [
    { event_id: `e2e-${run}-1`, conversion_type: 'lead_form', utm_source: 'facebook', utm_campaign: spring, utm_content: 'video, "short"' },
    { event_id: `e2e-${run}-2`, conversion_type: 'lead_form', utm_source: 'facebook', utm_campaign: spring },
    { event_id: `e2e-${run}-3`, conversion_type: 'call_scheduling', utm_source: 'facebook', utm_campaign: spring, consented: true },
    { event_id: `e2e-${run}-4`, conversion_type: 'resource_registration', utm_source: 'instagram', utm_campaign: summer },
    { event_id: `e2e-${run}-5`, conversion_type: 'contact', utm_source: 'instagram', utm_campaign: summer },
  ];
  await record(page, rows);
  await serveTestEventFunction(page, () => ({ status: 200, body: CONFIGURED }));
  const panel = await openConversions(page);

  await expect(campaignCells(page, spring)).toHaveText(['facebook', '3', '2', '1', '0', '0']);
  await expect(campaignCells(page, summer)).toHaveText(['instagram', '2', '0', '0', '1', '1']);
  // Today's bar holds at least this run's five.
  const today = new Date().toISOString().slice(0, 10);
  expect(Number(await panel.locator(`[data-testid="conversions-chart"] g[data-day="${today}"]`).getAttribute('data-total'))).toBeGreaterThanOrEqual(5);
  await expect(panel.locator('[data-testid="conversions-chart"] g[data-day]')).toHaveCount(30);

  await panel.locator('label').filter({ hasText: 'Last 7 days' }).click();
  await expect(panel.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
  await expect(panel.locator('[data-testid="conversions-chart"] g[data-day]')).toHaveCount(7);
  await expect(panel.getByTestId('conversions-loading')).toHaveText('');
  await expect(campaignCells(page, spring)).toHaveText(['facebook', '3', '2', '1', '0', '0']);

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  expect(file.suggestedFilename()).toBe(`conversions-${from}-${today}.csv`);
  const [header, ...lines] = readCsv(await readFile(await file.path(), 'utf8'));
  const column = (name: string) => header!.indexOf(name);
  const ours = lines.filter((line) => [spring, summer].includes(line[column('utm_campaign')]!));
  expect(
    ours.map((line) => [line[column('event_id')], line[column('conversion_type')], line[column('utm_source')], line[column('consented')], line[column('state')]]).sort(),
  ).toEqual(
    rows.map((row) => [row.event_id, row.conversion_type, row.utm_source, String(row.consented ?? false), row.consented ? 'not_configured' : 'not_consented']).sort(),
  );
  expect(ours.find((line) => line[column('event_id')] === `e2e-${run}-1`)![column('utm_content')]).toBe('video, "short"');
  await expect(panel.getByTestId('csv-status')).toHaveText(new RegExp(`^\\d+ rows saved as conversions-${from}-${today}\\.csv\\.$`));
});

test('axe finds nothing on the Conversions tab, with the numbers table open; nothing overflows', { tag: '@mobile' }, async ({ page }) => {
  const run = unique();
  await record(page, [{ event_id: `e2e-${run}-axe`, conversion_type: 'lead_form', utm_source: 'newsletter', utm_campaign: `e2e-${run}-axe` }]);
  await serveTestEventFunction(page, () => ({ status: 200, body: CONFIGURED }));
  const panel = await openConversions(page);
  await expect(campaignCells(page, `e2e-${run}-axe`)).toHaveText(['newsletter', '1', '1', '0', '0', '0']);
  await panel.getByText('Show the numbers per day').click();
  await expect(panel.getByRole('region', { name: 'Conversions per day (scrolls sideways)' })).toBeVisible();
  await expectNoAxeViolations(page);
  await renderWholePage(page);
  expect(await layoutProblems(page)).toEqual([]);
});

test('the tab is reached with the arrow keys; its period radios and buttons with the keyboard, focus visible', async ({ page }) => {
  await serveTestEventFunction(page, () => ({ status: 200, body: CONFIGURED }));
  await openDashboard(page);
  const top = page.getByRole('tablist', { name: 'Dashboard sections' });
  await top.getByRole('tab', { name: 'Site Assets' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(top.getByRole('tab', { name: 'Conversions' })).toBeFocused();
  await expect(top.getByRole('tab', { name: 'Conversions' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Conversions' });
  await expect(panel.getByTestId('conversions-loading')).toHaveText('');
  await page.keyboard.press('Tab');
  await expect(panel).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('radio', { name: 'Last 30 days' })).toBeFocused();
  const label = panel.locator('label').filter({ hasText: 'Last 30 days' });
  await expect(label).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByRole('radio', { name: 'Last 90 days' })).toBeChecked();
  await expect(panel.getByTestId('conversions-loading')).toHaveText('');
  await expect(panel.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Download CSV' })).toBeFocused();
});

test('delivery health: every state counted, the Graph API version, Retry failed answers and reloads', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-25T12:00:00Z'));
  await serveTestEventFunction(page, () => ({ status: 200, body: CONFIGURED }));
  const panel = await openConversions(page);
  const counts = panel.getByTestId('delivery-counts');
  for (const state of [
    'Delivered',
    'Waiting to be sent',
    'Refused by Meta',
    'Expired (not sent within 7 days)',
    'Not sent: Meta was not set up',
    'Not consented: counted only, never sent to Meta',
  ]) {
    await expect(counts.getByText(state, { exact: true })).toBeVisible();
  }
  await expect(panel.getByTestId('api-version')).toHaveText('Graph API v25.0: Meta accepts it until Jul 29, 2028.');
  await panel.getByRole('button', { name: 'Retry failed' }).click();
  await expect(panel.getByTestId('retry-result')).toHaveText(
    /refused events? went back to pending|refused events? cannot be sent again|^Nothing to retry: Meta has not refused any event\.$/,
  );
});

test.describe(() => {
  test.use({ allowedErrors: /status of 404|net::ERR_FAILED/ });

  // A server without the function answers 404; the local stand-in and a blocked network give no answer at all.
  for (const [what, answer, message] of [
    ['answers 404', 'not found', /^The conversions-test-event function is not deployed on this server/],
    ['does not answer', 'no answer', /^The conversions-test-event function did not answer: it may not be deployed on this server yet/],
  ] as const) {
    test(`a server whose conversions-test-event function ${what}: said plainly, the form disabled, the report still shown`, async ({ page }) => {
      if (answer === 'not found') await serveTestEventFunction(page, () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'Requested function was not found' } }));
      else await page.route('**/functions/v1/conversions-test-event', (route) => route.abort('failed'));
      const panel = await openConversions(page);
      await expect(panel.getByTestId('test-event-unavailable')).toHaveText(message);
      await expect(panel.getByRole('button', { name: 'Send test event' })).toBeDisabled();
      await expect(panel.getByRole('textbox', { name: 'Test event code' })).toBeDisabled();
      await expect(panel.getByRole('heading', { name: 'Delivery to Meta' })).toBeVisible();
    });
  }
});

test('Send test event: a code is needed when the server has none; an expiring Graph API version is warned', async ({ page }) => {
  // v21.0 expires on 2027-01-21: on this day the warning shows.
  await page.clock.setFixedTime(new Date('2026-11-25T12:00:00Z'));
  const posted = await serveTestEventFunction(page, () => ({ status: 200, body: { ...CONFIGURED, api_version: 'v21.0' } }));
  const panel = await openConversions(page);
  await expect(panel.getByTestId('api-version')).toHaveText(
    'Graph API v21.0 stops working on Jan 21, 2027 (57 days left): set META_API_VERSION to v25.0, or remove it to use the default.',
  );
  await panel.getByRole('button', { name: 'Send test event' }).click();
  await expect(panel.getByRole('textbox', { name: 'Test event code' })).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByText('Enter the test event code from Events Manager')).toBeVisible();
  expect(posted).toEqual([]);
});

test('Send test event: Meta’s acceptance, then its refusal with what to do', async ({ page }) => {
  let reply: unknown = { ok: true, events_received: 1, fbtrace_id: 'AbCdE', test_event_code: 'TEST4242' };
  const posted = await serveTestEventFunction(page, (method) => ({ status: 200, body: method === 'GET' ? CONFIGURED : reply }));
  const panel = await openConversions(page);
  await panel.getByRole('textbox', { name: 'Test event code' }).fill('TEST4242');
  await panel.getByRole('button', { name: 'Send test event' }).click();
  const result = panel.getByTestId('test-event-result');
  await expect(result).toContainText('Meta received the test event (1 received, test code TEST4242).');
  await expect(result).toContainText("Meta's trace id: AbCdE");
  expect(posted).toEqual([{ test_event_code: 'TEST4242' }]);

  reply = { ok: false, code: 190, message: 'Error validating access token: Session has expired', fbtrace_id: 'F00' };
  await panel.getByRole('button', { name: 'Send test event' }).click();
  await expect(result).toContainText('Meta refused the test event (190): The Conversions API access token has expired');
  await expect(result).toContainText('Error validating access token: Session has expired');
  await expect(result).toContainText('set it as the META_CAPI_TOKEN secret');
  await expectNoAxeViolations(page, 'section:has([data-testid="test-event-result"])');
});
