// @vitest-environment jsdom
/**
 * The Conversions tab rendered in jsdom with the real supabase-js client over a fake server:
 * loading, the report, the empty state, a refusal with its reason, a server without the
 * test-event function, Meta's answers to a test event, Retry failed, delivery to Google Ads in
 * its place, and the CSV download.
 */
import { createClient } from '@supabase/supabase-js';
import { act, createElement } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import ConversionsPanel from '~/features/admin/conversions/ConversionsPanel';
import adminPage from '../../src/content/pages/admin.json';

const fake = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock('~/lib/supabase', () => ({ getSupabase: () => fake.client }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const copy = adminPage.conversions;

interface Call {
  path: string;
  method: string;
  body: unknown;
}
type Handler = (call: Call) => Response | Promise<Response>;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

function report(days: number, overrides: Record<string, unknown> = {}) {
  return {
    since: `${daysAgo(days - 1)}T00:00:00+00:00`,
    by_type: { lead_form: 2, call_scheduling: 1 },
    by_day: [
      { day: today, type: 'lead_form', n: 2 },
      { day: daysAgo(1), type: 'call_scheduling', n: 1 },
    ],
    by_campaign: [
      { source: 'facebook', campaign: 'spring', type: 'lead_form', n: 2 },
      { source: null, campaign: null, type: 'call_scheduling', n: 1 },
    ],
    by_state: { not_consented: 2, failed: 1 },
    last_delivered_at: null,
    status: {
      paused: true,
      problem_code: 190,
      problem_message: 'Invalid OAuth access token.',
      problem_at: `${today}T08:00:00+00:00`,
      last_success_at: null,
      last_run_at: null,
      api_version: 'v21.0',
    },
    ...overrides,
  };
}

const CONFIG = { configured: true, missing: [], api_version: 'v25.0', test_event_code_set: false };
/** Delivery to Google Ads: its report and its connection (conversions-google-ads.test.ts tells them apart). */
const GOOGLE_REPORT = { by_state: { delivered: 2 }, waiting_for_click_age: 0, next_due_at: null, reasons: [], last_delivered_at: null, status: null };
const GOOGLE_SETUP = { configured: false, missing: ['GOOGLE_ADS_ACCOUNT_ID'] };

let calls: Call[];
let clients = 0;
let root: Root;
let host: HTMLElement;

/** A supabase-js client whose requests `handle` answers. */
function serve(handle: Handler) {
  calls = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const call = { path: new URL(request.url).pathname + new URL(request.url).search, method: request.method, body: text ? JSON.parse(text) : null };
    calls.push(call);
    return handle(call);
  };
  clients += 1;
  fake.client = createClient('http://127.0.0.1:9', 'anon', {
    auth: { persistSession: false, autoRefreshToken: false, storageKey: `conversions-${clients}` },
    global: { fetch },
  });
}

/** Answers the report for the asked period and the function's GET; `more` first. */
const standard =
  (more: Handler | null = null, reportOf = report): Handler =>
  async (call) => {
    const answer = more ? await more(call) : null;
    if (answer && answer.status !== 599) return answer;
    if (call.path === '/rest/v1/rpc/conversion_report') return json(reportOf((call.body as { p_days: number }).p_days));
    if (call.path === '/functions/v1/conversions-test-event' && call.method === 'GET') return json(CONFIG);
    if (call.path === '/rest/v1/rpc/google_ads_report') return json(GOOGLE_REPORT);
    if (call.path === '/functions/v1/google-ads-check' && call.method === 'GET') return json(GOOGLE_SETUP);
    return json({ message: `unexpected ${call.method} ${call.path}` }, 500);
  };
const pass = () => new Response(null, { status: 599 });

beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.restoreAllMocks();
});

const render = () => act(async () => root.render(createElement(ConversionsPanel, { copy })));
/** Lets every pending request answer and React render. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const button = (label: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === label)!;
const click = async (label: string) => {
  await act(async () => button(label).click());
  await settle();
};
const text = () => host.textContent ?? '';
const byTestId = (id: string) => host.querySelector(`[data-testid="${id}"]`);

it('shows the 30-day report: totals, every day in the chart, campaigns, delivery, the version warning', async () => {
  serve(standard());
  await render();
  await settle();
  expect(calls.find((call) => call.path === '/rest/v1/rpc/conversion_report')?.body).toEqual({ p_days: 30 });
  expect(host.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value).toBe('30');
  expect(host.querySelector('[data-total="total"]')?.textContent).toBe('3All conversions');
  expect(host.querySelector('[data-total="lead_form"]')?.textContent).toBe('2Leads');
  expect(host.querySelectorAll('[data-testid="conversions-chart"] g[data-day]')).toHaveLength(30);
  expect(host.querySelector(`g[data-day="${today}"]`)?.getAttribute('data-total')).toBe('2');
  expect(host.querySelector('[data-testid="conversions-chart"]')?.getAttribute('aria-label')).toMatch(/: 3 in all, most on .* \(2\)\.$/);
  const rows = [...host.querySelectorAll('[data-testid="campaign-table"] tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
  expect(rows).toEqual([
    ['facebook', 'spring', '2', '2', '0', '0', '0'],
    ['(none)', '(none)', '1', '0', '1', '0', '0'],
  ]);
  expect(host.querySelector('[data-state="not_consented"] dd')?.textContent).toBe('2');
  expect(host.querySelector('[data-state="failed"] dd')?.textContent).toBe('1');
  expect(byTestId('last-delivery')?.textContent).toBe(copy.health.neverDelivered);
  const problem = byTestId('delivery-problem')?.textContent ?? '';
  expect(problem).toContain('Meta refused the access token');
  expect(problem).toContain('META_CAPI_TOKEN');
  expect(problem).toContain('Delivery is paused: events are kept and will be sent when this is fixed.');
  // The server is set to v25.0 now (GET), which counts over the v21.0 of the last run.
  expect(byTestId('api-version')?.getAttribute('data-level')).toBe('current');
});

it('warns about an expiring Graph API version the last run used when the function does not say', async () => {
  serve(standard((call) => (call.path.startsWith('/functions/') ? json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404) : pass())));
  await render();
  await settle();
  const version = byTestId('api-version');
  // v21.0 expires on 2027-01-21: 'expiring' from 90 days before, expired after.
  expect(['expiring', 'expired', 'current']).toContain(version?.getAttribute('data-level'));
  if (Date.now() >= Date.parse('2026-10-23') && Date.now() < Date.parse('2027-01-21'))
    expect(version?.textContent).toMatch(/^Graph API v21\.0 stops working on Jan 21, 2027 \(\d+ days?\b/);
  expect(byTestId('test-event-unavailable')?.textContent).toBe(copy.test.absent);
  expect(button(copy.test.send).disabled).toBe(true);
});

it('a function that does not answer (the local stand-in without it, no network) may not be deployed: said so', async () => {
  serve(
    standard((call) => {
      if (call.path.startsWith('/functions/')) throw new TypeError('Failed to fetch');
      return pass();
    }),
  );
  await render();
  await settle();
  expect(byTestId('test-event-unavailable')?.textContent).toBe(copy.test.unreachable);
  expect(button(copy.test.send).disabled).toBe(true);
});

it('shows delivery to Google Ads after Meta’s, for the chosen period', async () => {
  serve(standard());
  await render();
  await settle();
  const headings = [...host.querySelectorAll('h3')].map((h) => h.textContent);
  expect(headings.indexOf(copy.googleAds.heading)).toBe(headings.indexOf(copy.health.heading) + 1);
  expect(host.querySelector('[data-testid="google-ads-counts"] [data-state="delivered"] dd')?.textContent).toBe('2');
  expect(byTestId('google-ads-not-connected')?.textContent).toContain('GOOGLE_ADS_ACCOUNT_ID');
  await act(async () => host.querySelector<HTMLInputElement>('input[value="7"]')!.click());
  await settle();
  expect(calls.filter((call) => call.path === '/rest/v1/rpc/google_ads_report').map((call) => call.body)).toEqual([{ p_days: 30 }, { p_days: 7 }]);
});

it('changing the period asks again and fills every day of it', async () => {
  serve(standard());
  await render();
  await settle();
  await act(async () => host.querySelector<HTMLInputElement>('input[value="7"]')!.click());
  await settle();
  expect(calls.filter((call) => call.path === '/rest/v1/rpc/conversion_report').map((call) => call.body)).toEqual([{ p_days: 30 }, { p_days: 7 }]);
  expect(host.querySelectorAll('[data-testid="conversions-chart"] g[data-day]')).toHaveLength(7);
});

it('an empty period says how conversions arrive; no chart, no table', async () => {
  serve(standard(null, (days) => report(days, { by_type: {}, by_day: [], by_campaign: [], by_state: {}, status: null })));
  await render();
  await settle();
  expect(byTestId('conversions-empty')?.textContent).toContain('thank-you page');
  expect(byTestId('conversions-chart')).toBeNull();
  expect(byTestId('campaign-table')).toBeNull();
  expect(text()).toContain(copy.health.noProblem);
  expect(byTestId('api-version')?.getAttribute('data-level')).toBe('current');
});

it('an admin’s own visits are shown apart from the totals, in plain words; none, nothing shown', async () => {
  serve(standard(null, (days) => report(days, { admin_visits: 3 })));
  await render();
  await settle();
  expect(byTestId('own-visits')?.textContent).toBe(`Your own test visits: 3, not counted. ${copy.ownVisits.hint}`);
  expect(host.querySelector('[data-total="total"]')?.textContent).toBe('3All conversions');
  act(() => root.unmount());
  root = createRoot(host);
  serve(standard());
  await render();
  await settle();
  expect(host.querySelector('[data-total="total"]')).not.toBeNull();
  expect(byTestId('own-visits')).toBeNull();
});

it('a refusal shows its reason ("only admins read conversions") and Try again asks again', async () => {
  let refuse = true;
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  serve(
    standard(async (call) => {
      if (!refuse || call.path !== '/rest/v1/rpc/conversion_report') return pass();
      await held;
      return json({ code: '42501', message: 'only admins read conversions', details: null, hint: null }, 403);
    }),
  );
  await render();
  expect(byTestId('conversions-loading')?.textContent).toBe(copy.loading);
  answer();
  await settle();
  expect(byTestId('conversions-error')?.textContent).toContain('The conversions could not be loaded: only admins read conversions.');
  refuse = false;
  await click(copy.tryAgain);
  expect(byTestId('conversions-error')).toBeNull();
  expect(host.querySelector('[data-total="total"]')?.textContent).toBe('3All conversions');
});

it('a database without the migration, and no answer at all, are said in plain words', async () => {
  serve(standard((call) => (call.path.startsWith('/rest/') ? json({ code: 'PGRST202', message: 'Could not find the function' }, 404) : pass())));
  await render();
  await settle();
  expect(byTestId('conversions-error')?.textContent).toContain(copy.reasons.missing);
  act(() => root.unmount());
  root = createRoot(host);
  serve(
    standard((call) => {
      if (call.path.startsWith('/rest/')) throw new TypeError('Failed to fetch');
      return pass();
    }),
  );
  await render();
  await settle();
  expect(byTestId('conversions-error')?.textContent).toContain(copy.reasons.network);
});

it('a test event: the code is required without the server’s; Meta’s acceptance and refusal are shown', async () => {
  let answer: unknown = { ok: true, events_received: 1, fbtrace_id: 'AXyz', test_event_code: 'TEST123' };
  serve(standard((call) => (call.path === '/functions/v1/conversions-test-event' && call.method === 'POST' ? json(answer) : pass())));
  await render();
  await settle();
  await click(copy.test.send);
  expect(text()).toContain(copy.test.codeRequired);
  expect(calls.some((call) => call.method === 'POST' && call.path.startsWith('/functions/'))).toBe(false);

  const input = host.querySelector<HTMLInputElement>('form input')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'TEST123');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await click(copy.test.send);
  expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/functions/v1/conversions-test-event', body: { test_event_code: 'TEST123' } });
  expect(byTestId('test-event-result')?.textContent).toContain('Meta received the test event (1 received, test code TEST123).');
  expect(byTestId('test-event-result')?.textContent).toContain("Meta's trace id: AXyz");

  answer = { ok: false, code: 190, message: 'Invalid OAuth access token - Cannot parse access token', fbtrace_id: 'B1' };
  await click(copy.test.send);
  const refused = byTestId('test-event-result')?.textContent ?? '';
  expect(refused).toContain('Meta refused the test event (190): Meta refused the access token');
  expect(refused).toContain('Invalid OAuth access token - Cannot parse access token');
  expect(refused).toContain('META_CAPI_TOKEN');
});

it('a server without Meta settings says which; the form stays disabled', async () => {
  serve(
    standard((call) => (call.method === 'GET' && call.path.startsWith('/functions/') ? json({ ...CONFIG, configured: false, missing: ['META_CAPI_TOKEN'] }) : pass())),
  );
  await render();
  await settle();
  expect(byTestId('test-event-unavailable')?.textContent).toBe('Meta is not set up on this server: it has no META_CAPI_TOKEN.');
  expect(button(copy.test.send).disabled).toBe(true);
});

it('Retry failed says how many went back to pending and reloads the report', async () => {
  serve(standard((call) => (call.path === '/rest/v1/rpc/retry_failed_conversions' ? json({ retried: 2, not_retried: 0 }) : pass())));
  await render();
  await settle();
  await click(copy.health.retry);
  expect(byTestId('retry-result')?.textContent).toBe('2 refused events went back to pending: they are sent on the next delivery run.');
  expect(calls.filter((call) => call.path === '/rest/v1/rpc/conversion_report')).toHaveLength(2);
});

it('Retry failed with nothing refused says there is nothing to retry; with refused events too old to send, why none went back', async () => {
  let answer = { retried: 0, not_retried: 0 };
  serve(standard((call) => (call.path === '/rest/v1/rpc/retry_failed_conversions' ? json(answer) : pass())));
  await render();
  await settle();
  await click(copy.health.retry);
  expect(byTestId('retry-result')?.textContent).toBe('Nothing to retry: Meta has not refused any event.');
  answer = { retried: 0, not_retried: 3 };
  await click(copy.health.retry);
  expect(byTestId('retry-result')?.textContent).toBe('3 refused events cannot be sent again: only events of the last 7 days that still hold what Meta needs can be.');
  expect(calls.filter((call) => call.path === '/rest/v1/rpc/conversion_report')).toHaveLength(1);
});

it('Download CSV asks for the period’s rows and saves conversions-<from>-<to>.csv', async () => {
  const rows = [{ event_id: 'e1', utm_campaign: '=1+1', consented: false }];
  serve(standard((call) => (call.path.startsWith('/rest/v1/rpc/conversion_rows') ? json(rows) : pass())));
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  await render();
  await settle();
  await click(copy.export.button);
  const call = calls.find((c) => c.path.startsWith('/rest/v1/rpc/conversion_rows'))!;
  expect(call.body).toEqual({ p_days: 30 });
  expect(call.path).toContain('offset=0');
  expect(call.path).toContain('limit=1000');
  const file = `conversions-${daysAgo(29)}-${today}.csv`;
  expect(saved.map((s) => s.name)).toEqual([file]);
  const csv = await saved[0]!.blob.text();
  expect(csv.split('\r\n')[0]).toContain(',delivered_at,google_state,google_attempts,google_error_reason,google_error_message,google_delivered_at');
  expect(csv.split('\r\n')[1]).toBe("e1,,,,,,,,'=1+1,,,,,,,false,,,,,,,,,,");
  expect(byTestId('csv-status')?.textContent).toBe(`1 rows saved as ${file}.`);
});
