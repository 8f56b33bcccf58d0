/**
 * The calendar debugger against the fake GoHighLevel (tests/support/fake-ghl.mjs), through the
 * stand-in's ghl-* functions: Run All with the defaults (the location filled in from the server),
 * Run All with the summary, both userIds encodings, the 403 hint, the empty and no-free-slots
 * hints, Reset All, the local-fake label, a server without GHL_LOCATION_ID explained before
 * running, and a server without its GoHighLevel settings said in plain words.
 */
import { locationResponse, notConfiguredResponse } from '../../supabase/functions/_shared/ghl.ts';
import { FAKE_GHL_LOCATION_ID } from '../support/fake-ghl.mjs';
import { expectNoAxeViolations } from './axe';
import { type Page, expect, test } from './fixtures';
import { openDashboard, toast, unique } from './admin-helpers';
import { ADMIN_STATE } from './auth-state';

test.use({ storageState: ADMIN_STATE });

const GHL = `http://127.0.0.1:${process.env.E2E_GHL_PORT ?? 54330}`;

interface Seen {
  path: string;
  query: Record<string, string[]>;
  version: string | null;
}

async function seenBy(page: Page, calendarId: string): Promise<Seen[]> {
  return (await (await page.request.get(`${GHL}/_requests?calendarId=${calendarId}`)).json()) as Seen[];
}

async function openDebugger(page: Page, calendarId: string, locationId = FAKE_GHL_LOCATION_ID) {
  const panel = await openCalendarTab(page);
  await expect(panel.getByLabel('Calendar ID')).toHaveValue('kayla-consultation-call');
  await panel.getByLabel('Calendar ID').fill(calendarId);
  await panel.getByRole('textbox', { name: 'Location ID' }).fill(locationId);
  await panel.getByLabel('Timezone').selectOption('America/Chicago');
  await panel.getByLabel('Date', { exact: true }).fill('2026-03-08');
  return panel;
}

const status = (page: Page, step: string) => page.getByTestId(`status-${step}`);

async function openCalendarTab(page: Page) {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Calendar & CRM' }).click();
  return page.getByRole('tabpanel', { name: 'Calendar & CRM' });
}

test('Run All Tests with the defaults: the location comes from the server, and every step succeeds', { tag: '@mobile' }, async ({ page }) => {
  const panel = await openCalendarTab(page);
  const location = panel.getByRole('textbox', { name: 'Location ID' });
  await expect(location).toHaveValue(FAKE_GHL_LOCATION_ID);
  await expect(location).toHaveAccessibleDescription("From the server's GHL_LOCATION_ID: the local fake GoHighLevel's test location.");
  await expect(page.getByTestId('ghl-local-fake')).toBeVisible();
  await panel.getByRole('button', { name: 'Run All Tests' }).click();
  for (const step of ['list', 'details', 'slots']) await expect(status(page, step)).toHaveText('Success');
  await expect(page.getByTestId('raw-list')).toContainText(`"locationId": "${FAKE_GHL_LOCATION_ID}"`);
  await expect(page.getByTestId('calendar-summary')).toContainText('Consultation Call');
  // Typed over, the field no longer claims to be the server's.
  await location.fill('loc-typed');
  await expect(location).not.toHaveAccessibleDescription(/GHL_LOCATION_ID/);
  await expectNoAxeViolations(page);
});

test.describe(() => {
  const MISSING = 'This server has no GHL_LOCATION_ID: List Calendars needs a Location ID here, with Use Location ID checked.';
  const WHERE =
    'To find it in GoHighLevel: open the sub-account, then Settings → Business Profile; the Location ID is under General Information. It is also in the address bar, after /location/.';

  test(
    'a server without GHL_LOCATION_ID: the empty location is explained before running, and Run All says so instead of calling',
    { tag: '@mobile' },
    async ({ page }) => {
      // The stand-in of this run has a location: its answer is replaced by the one the function
      // gives without it (supabase/functions/_shared/ghl.ts), with the stand-in's own CORS headers.
      const listed: string[] = [];
      await page.route('**/functions/v1/ghl-list-calendars', async (route) => {
        if (route.request().method() === 'POST') listed.push(route.request().postData() ?? '');
        if (route.request().method() !== 'GET') return route.continue();
        const real = await route.fetch();
        const answer = locationResponse({ ghlApiBase: GHL });
        const cors = Object.fromEntries(Object.entries(real.headers()).filter(([name]) => name.startsWith('access-control-')));
        await route.fulfill({ status: answer.status, headers: { ...cors, ...Object.fromEntries(answer.headers) }, body: await answer.text() });
      });
      const panel = await openCalendarTab(page);
      const location = panel.getByRole('textbox', { name: 'Location ID' });
      const note = panel.getByTestId('location-missing');
      await expect(note).toHaveText(`${MISSING} ${WHERE}`);
      await expect(location).toHaveValue('');
      await expect(location).toHaveAccessibleDescription(`${MISSING} ${WHERE}`);
      await expectNoAxeViolations(page);

      await panel.getByRole('button', { name: 'Run All Tests' }).click();
      await expect(status(page, 'list')).toHaveText('Error');
      await expect(page.getByTestId('message-list')).toHaveText(MISSING);
      await expect(page.getByTestId('hint-list')).toHaveText(WHERE);
      for (const step of ['details', 'slots']) await expect(status(page, step)).toHaveText('Success');
      expect(listed).toEqual([]);

      await location.fill(FAKE_GHL_LOCATION_ID);
      await expect(note).toHaveCount(0);
      await panel.getByRole('button', { name: 'Run Step: List Calendars' }).click();
      await expect(status(page, 'list')).toHaveText('Success');
      expect(listed.map((body) => JSON.parse(body) as unknown)).toEqual([{ locationId: FAKE_GHL_LOCATION_ID, apiVersion: '2021-07-28' }]);
      // Unchecked, the list would go without one again: explained again.
      await panel.getByLabel('Use Location ID').uncheck();
      await expect(note).toBeVisible();
    },
  );
});

test('Run All: list, details, slots; summary; user ids pre-selected; comma-separated reaches GoHighLevel', async ({ page }) => {
  const calendarId = `cal-${unique()}`;
  const panel = await openDebugger(page, calendarId);
  await expect(panel.getByLabel('API version')).toHaveValue('2021-07-28');
  // The functions' GoHighLevel here is the fake on 127.0.0.1: the debugger says so from the start.
  await expect(page.getByTestId('ghl-local-fake')).toHaveText("Local fake GoHighLevel: test data on this computer, not the coach's calendar");
  await panel.getByRole('button', { name: 'Run All Tests' }).click();
  for (const step of ['list', 'details', 'slots']) await expect(status(page, step)).toHaveText('Success');
  await expect(toast(page, 'Success').filter({ hasText: 'Step "Free Slots" completed successfully' })).toBeVisible();

  const summary = page.getByTestId('calendar-summary');
  await expect(summary).toContainText('Consultation Call');
  await expect(summary).toContainText('RoundRobin_OptimizeForAvailability');
  await expect(summary).toContainText('Kayla Reyes (user-kayla), Jordan Lee (user-jordan)');
  await expect(summary).toContainText('Yes');
  await expect(panel.getByRole('checkbox', { name: /Kayla Reyes/ })).toBeChecked();
  await expect(page.getByTestId('raw-slots')).toContainText('2026-03-08T09:00:00');
  await expectNoAxeViolations(page);

  const requests = await seenBy(page, calendarId);
  const slots = requests.find((r) => r.path.endsWith('/free-slots'))!;
  // 2026-03-08 is the spring-forward day in Chicago: 23 hours, starting 06:00 UTC.
  expect(slots.query).toEqual({
    startDate: [String(Date.UTC(2026, 2, 8, 6))],
    endDate: [String(Date.UTC(2026, 2, 9, 5) - 1)],
    timezone: ['America/Chicago'],
    userIds: ['user-kayla,user-jordan'],
  });
  expect(slots.version).toBe('2021-07-28');
  expect(requests.find((r) => r.path === `/calendars/${calendarId}`)).toBeTruthy();

  await panel.getByRole('button', { name: 'Reset All' }).click();
  for (const step of ['list', 'details', 'slots']) await expect(status(page, step)).toHaveText('Pending');
  await expect(panel.getByText('No results yet.')).toBeVisible();
});

test('multiple-params sends userIds repeated, with the chosen API version', async ({ page }) => {
  const calendarId = `cal-${unique()}`;
  const panel = await openDebugger(page, calendarId);
  await panel.getByLabel('Parameter encoding').selectOption('multiple-params');
  await panel.getByLabel('API version').selectOption('2021-04-15');
  await panel.getByRole('button', { name: 'Run Step: Calendar Details' }).click();
  await expect(status(page, 'details')).toHaveText('Success');
  await panel.getByRole('checkbox', { name: /Jordan Lee/ }).uncheck();
  await panel.getByRole('button', { name: 'Run Step: Free Slots' }).click();
  await expect(status(page, 'slots')).toHaveText('Success');
  let slots = (await seenBy(page, calendarId)).filter((r) => r.path.endsWith('/free-slots'));
  expect(slots.at(-1)!.query.userIds).toEqual(['user-kayla']);
  await panel.getByRole('checkbox', { name: /Jordan Lee/ }).check();
  await panel.getByRole('button', { name: 'Run Step: Free Slots' }).click();
  await expect.poll(async () => (await seenBy(page, calendarId)).filter((r) => r.path.endsWith('/free-slots')).length).toBe(2);
  slots = (await seenBy(page, calendarId)).filter((r) => r.path.endsWith('/free-slots'));
  expect(slots.at(-1)!.query.userIds).toEqual(['user-kayla', 'user-jordan']);
  expect(slots.at(-1)!.version).toBe('2021-04-15');
});

test.describe(() => {
  test.use({ allowedErrors: /status of 40[03]/ });

  test('a 403 marks the step as an error with the location hint; without the location id the list is sent without it', async ({ page }) => {
    const panel = await openDebugger(page, `cal-${unique()}`, 'forbidden-location');
    await panel.getByRole('button', { name: 'Run Step: List Calendars' }).click();
    await expect(status(page, 'list')).toHaveText('Error');
    await expect(page.getByTestId('message-list')).toHaveText('403: The token does not have access to this location.');
    await expect(page.getByTestId('hint-list')).toContainText('Uncheck Use Location ID, or check the ID.');
    await expect(toast(page, 'Error')).toContainText('The token does not have access to this location.');

    // Unchecked: the function gets no locationId and uses the server's GHL_LOCATION_ID.
    await panel.getByLabel('Use Location ID').uncheck();
    await expect(panel.getByRole('textbox', { name: 'Location ID' })).toBeDisabled();
    const sent = page.waitForRequest((request) => request.url().endsWith('/functions/v1/ghl-list-calendars') && request.method() === 'POST');
    await panel.getByRole('button', { name: 'Run Step: List Calendars' }).click();
    expect((await sent).postDataJSON()).toEqual({ apiVersion: '2021-07-28' });
    await expect(status(page, 'list')).toHaveText('Success');
    await expect(page.getByTestId('raw-list')).toContainText(`"locationId": "${FAKE_GHL_LOCATION_ID}"`);
    await expect(page.getByTestId('hint-list')).toHaveCount(0);
  });
});

test('empty results and a day without free slots show their hints', async ({ page }) => {
  const panel = await openDebugger(page, `empty-${unique()}`);
  await panel.getByRole('button', { name: 'Run Step: Free Slots' }).click();
  await expect(status(page, 'slots')).toHaveText('Success');
  await expect(page.getByTestId('hint-slots')).toHaveText('Nothing came back: check the calendar ID and the team member user IDs.');

  await panel.getByLabel('Calendar ID').fill(`noslots-${unique()}`);
  await panel.getByRole('button', { name: 'Tomorrow' }).click();
  await panel.getByRole('button', { name: 'Run Step: Free Slots' }).click();
  await expect(page.getByTestId('hint-slots')).toHaveText("No free slots on that day: try a different date, or check the calendar's availability settings.");
});

test.describe(() => {
  test.use({ allowedErrors: /status of 503/ });

  test('a server without GHL_API_TOKEN: the step says so in plain words, with what to do; the raw answer stays', async ({ page }) => {
    // The stand-in of this run has its settings: its answer is replaced by the one the function
    // gives without them (supabase/functions/_shared/ghl.ts), with the stand-in's own CORS headers.
    await page.route(`**/functions/v1/ghl-list-calendars`, async (route) => {
      const real = await route.fetch();
      const answer = notConfiguredResponse(['GHL_API_TOKEN']);
      const cors = Object.fromEntries(Object.entries(real.headers()).filter(([name]) => name.startsWith('access-control-')));
      await route.fulfill({ status: answer.status, headers: { ...cors, 'content-type': 'application/json' }, body: await answer.text() });
    });
    const panel = await openDebugger(page, `cal-${unique()}`);
    await panel.getByRole('button', { name: 'Run Step: List Calendars' }).click();
    await expect(status(page, 'list')).toHaveText('Error');
    await expect(page.getByTestId('message-list')).toHaveText('GoHighLevel is not connected on this server yet: it has no GHL_API_TOKEN.');
    await expect(page.getByTestId('hint-list')).toContainText('supabase secrets set');
    await expect(toast(page, 'Error')).toContainText('it has no GHL_API_TOKEN');
    await expect(page.getByTestId('raw-list')).toContainText('"missing": [');
    await expect(page.getByTestId('ghl-local-fake')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
