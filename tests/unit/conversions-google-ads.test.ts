// @vitest-environment jsdom
/**
 * Delivery to Google Ads on the Conversions tab (GoogleAdsDelivery), rendered in jsdom with the
 * real supabase-js client over a fake server: each state in words, why conversions wait and when
 * the next goes, what Google said, Google Ads not connected (settings missing or wrong), a paused
 * delivery, the local fake Google, and "Check the Google Ads connection" with its answers.
 */
import { createClient } from '@supabase/supabase-js';
import { act, createElement } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import GoogleAdsDelivery from '~/features/admin/conversions/GoogleAdsDelivery';
import { formatDateTime } from '~/features/admin/text';
import adminPage from '../../src/content/pages/admin.json';

const fake = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock('~/lib/supabase', () => ({ getSupabase: () => fake.client }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const copy = adminPage.conversions;
const g = copy.googleAds;

interface Call {
  path: string;
  method: string;
  body: unknown;
}
/** Answers a call first, or null to leave it to the defaults. */
type More = (call: Call) => Response | null | Promise<Response | null>;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** A POST of the connection check (an RPC is a POST too). */
const isCheck = (call: Call) => call.method === 'POST' && call.path === '/functions/v1/google-ads-check';
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const CONNECTED = {
  configured: true,
  account: '123-456-7890',
  actions: { Lead: '111', Schedule: '222' },
  delay_minutes: 360,
  service_account: 'site@coach-site.iam.gserviceaccount.com',
  local_google: false,
};

const QUIET_STATUS = { paused: false, problem_reason: null, problem_message: null, problem_at: null, last_success_at: null, last_run_at: null };

function googleReport(overrides: Record<string, unknown> = {}) {
  return {
    by_state: {},
    waiting_for_click_age: 0,
    next_due_at: null,
    reasons: [],
    last_delivered_at: null,
    status: QUIET_STATUS,
    ...overrides,
  };
}

let calls: Call[];
let clients = 0;
let root: Root;
let host: HTMLElement;

/** A supabase-js client whose requests go to `handle`: the report and the function's GET by default. */
function serve({ report = googleReport(), setup = CONNECTED as unknown, more }: { report?: unknown; setup?: unknown; more?: More } = {}) {
  calls = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const url = new URL(request.url);
    const call = { path: url.pathname, method: request.method, body: text ? JSON.parse(text) : null };
    calls.push(call);
    const answer = more ? await more(call) : null;
    if (answer) return answer;
    if (call.path === '/rest/v1/rpc/google_ads_report') return json(report);
    if (call.path === '/functions/v1/google-ads-check' && call.method === 'GET') return json(setup);
    return json({ message: `unexpected ${call.method} ${call.path}` }, 500);
  };
  clients += 1;
  fake.client = createClient('http://127.0.0.1:9', 'anon', {
    auth: { persistSession: false, autoRefreshToken: false, storageKey: `google-ads-${clients}` },
    global: { fetch },
  });
}

beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const render = async (days = 30) => {
  await act(async () => root.render(createElement(GoogleAdsDelivery, { copy, days })));
  await settle();
};
/** Lets every pending request answer and React render. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const byTestId = (id: string) => host.querySelector(`[data-testid="${id}"]`);
const textOf = (id: string) => byTestId(id)?.textContent ?? '';
const checkButton = () => [...host.querySelectorAll('button')].find((button) => button.textContent === g.check.button || button.textContent === g.check.checking);
const counts = () =>
  Object.fromEntries(
    [...host.querySelectorAll('[data-testid="google-ads-counts"] [data-state]')].map((cell) => [
      cell.querySelector('dt')?.textContent,
      cell.querySelector('dd')?.textContent,
    ]),
  );

it('names every state in words with its count, why conversions wait (the delay the server reports) and when the next one is due', async () => {
  const due = inHours(5);
  serve({
    report: googleReport({
      by_state: { delivered: 4, pending: 3, sent: 2, partial: 1, failed: 2, expired: 1 },
      waiting_for_click_age: 2,
      next_due_at: due,
      last_delivered_at: '2026-11-28T09:30:00+00:00',
    }),
  });
  await render();
  expect(calls.find((call) => call.path === '/rest/v1/rpc/google_ads_report')?.body).toEqual({ p_days: 30 });
  expect(host.querySelector('h3')?.textContent).toBe('Delivery to Google Ads');
  expect(counts()).toEqual({
    Delivered: '4',
    'Waiting to be sent': '3',
    'Sent, Google is processing them': '2',
    'Partly taken: Google refused some': '1',
    'Refused by Google': '2',
    'Expired (ad click over 90 days old)': '1',
    'Not sent: Google Ads was not connected': '0',
  });
  expect(textOf('google-ads-waiting')).toBe('2 waiting: each is sent 6 hours after its ad click, as Google asks.');
  expect(textOf('google-ads-next')).toBe(`The next one is due ${formatDateTime(due)}.`);
  expect(host.textContent).toContain('Sent: Google has them and is processing them; the site reads back how each went.');
  expect(textOf('google-ads-last-delivery')).toBe(`Last delivered to Google Ads: ${formatDateTime('2026-11-28T09:30:00+00:00')}`);
  expect(textOf('google-ads-connected')).toBe('Connected to Google Ads account 123-456-7890, for Lead and Schedule.');
  expect(host.textContent).toContain('The site signs in to Google as site@coach-site.iam.gserviceaccount.com.');
  expect(textOf('google-ads-problem')).toBe('');
  expect(host.textContent).toContain('No delivery problem reported.');
  expect(byTestId('google-ads-local')).toBeNull();
  expect(byTestId('google-ads-not-connected')).toBeNull();
});

it('a delay in minutes, a next one already due, nothing waiting and nothing delivered are said so', async () => {
  serve({ setup: { ...CONNECTED, delay_minutes: 90 }, report: googleReport({ by_state: { pending: 1 }, waiting_for_click_age: 1, next_due_at: inHours(-1) }) });
  await render();
  expect(textOf('google-ads-waiting')).toBe('1 waiting: each is sent 90 minutes after its ad click, as Google asks.');
  expect(textOf('google-ads-next')).toBe('The next one is due now: it goes on the next delivery run.');
  expect(textOf('google-ads-last-delivery')).toBe('No conversion has been delivered to Google Ads yet.');
  act(() => root.unmount());
  root = createRoot(host);
  serve();
  await render();
  expect(byTestId('google-ads-waiting')).toBeNull();
  expect(byTestId('google-ads-next')).toBeNull();
  expect(host.textContent).not.toContain(g.sentHint);
});

it('says what Google said: refused with its reason, taken in part with its message, expired, and why some wait to be sent again', async () => {
  serve({
    report: googleReport({
      by_state: { failed: 2, partial: 3, expired: 1, pending: 1 },
      reasons: [
        {
          state: 'partial',
          reason: 'INVALID_CLICK_ID',
          message: 'Google took 3 of the 4 conversions sent with it and refused 1 (INVALID_CLICK_ID × 1), without saying which.',
          n: 3,
        },
        { state: 'failed', reason: 'INVALID_CLICK_ID', message: 'Google refused it: INVALID_CLICK_ID × 1.', n: 2 },
        { state: 'expired', reason: 'CLICK_TOO_OLD', message: 'The ad click was over 90 days old before Google took the conversion.', n: 1 },
        { state: 'pending', reason: 'UNAVAILABLE', message: 'The service is currently unavailable.', n: 1 },
        { state: 'unknown', reason: 'X', message: 'not a state', n: 1 },
      ],
    }),
  });
  await render();
  const items = [...host.querySelectorAll('[data-testid="google-ads-reasons"] li')].map((item) => [...item.querySelectorAll('p')].map((p) => p.textContent));
  expect(items).toEqual([
    [
      'Partly taken: Google refused some: 3',
      'Google took 3 of the 4 conversions sent with it and refused 1 (INVALID_CLICK_ID × 1), without saying which.',
      'Reason: INVALID_CLICK_ID',
    ],
    ['Refused by Google: 2', 'Google refused it: INVALID_CLICK_ID × 1.', 'Reason: INVALID_CLICK_ID'],
    ['Expired (ad click over 90 days old): 1', 'The ad click was over 90 days old before Google took the conversion.', 'Reason: CLICK_TOO_OLD'],
    ['Waiting to be sent: 1', 'The service is currently unavailable.', 'Reason: UNAVAILABLE'],
  ]);
  expect([...host.querySelectorAll('h4')].map((h) => h.textContent)).toEqual(['What Google said', 'Latest problem']);
});

it('Google Ads not connected: the Google clicks recorded meanwhile, the missing settings by name, docs/google-ads.md; no check', async () => {
  serve({
    setup: { configured: false, missing: ['GOOGLE_ADS_ACCOUNT_ID', 'GOOGLE_SERVICE_ACCOUNT_KEY'] },
    report: googleReport({ by_state: { not_configured: 3 } }),
  });
  await render();
  const box = byTestId('google-ads-not-connected');
  expect(box?.querySelector('h4')?.textContent).toBe('Google Ads not connected');
  expect([...box!.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
    '3 conversions from Google ads in this period were recorded while it was not connected: they are counted, never sent.',
    "The server has no GOOGLE_ADS_ACCOUNT_ID, GOOGLE_SERVICE_ACCOUNT_KEY: set them in the functions' secrets, as docs/google-ads.md explains.",
  ]);
  expect(counts()['Not sent: Google Ads was not connected']).toBe('3');
  expect(checkButton()).toBeUndefined();
  expect(calls.some(isCheck)).toBe(false);
});

it('Google Ads not connected because a setting is wrong: says what is wrong; one click, and none, in their words', async () => {
  const invalid = 'GOOGLE_SERVICE_ACCOUNT_KEY is not a service account key (JSON with client_email and private_key).';
  serve({ setup: { configured: false, invalid }, report: googleReport({ by_state: { not_configured: 1 } }) });
  await render();
  expect([...byTestId('google-ads-not-connected')!.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
    '1 conversion from a Google ad in this period was recorded while it was not connected: it is counted, never sent.',
    'A setting is wrong: GOOGLE_SERVICE_ACCOUNT_KEY is not a service account key (JSON with client_email and private_key). docs/google-ads.md explains each setting.',
  ]);
  act(() => root.unmount());
  root = createRoot(host);
  serve({ setup: { configured: false, missing: ['GOOGLE_ADS_CONVERSION_ACTIONS'] } });
  await render();
  expect(textOf('google-ads-not-connected')).toContain('Conversions from Google ads are counted, and not sent until it is connected.');
});

it('a paused delivery says the problem in the server’s words, when it was seen, and that conversions are kept', async () => {
  const message = 'Google refused the service account: add site@coach-site.iam.gserviceaccount.com as a user of account 123-456-7890';
  serve({
    report: googleReport({
      by_state: { pending: 5 },
      status: {
        ...QUIET_STATUS,
        paused: true,
        problem_reason: 'PERMISSION_DENIED',
        problem_message: message,
        problem_at: '2026-11-28T08:00:00+00:00',
        last_success_at: '2026-11-27T08:00:00+00:00',
      },
    }),
  });
  await render();
  const problem = byTestId('google-ads-problem');
  expect([...problem!.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
    message,
    `Seen ${formatDateTime('2026-11-28T08:00:00+00:00')} · Reason: PERMISSION_DENIED`,
    'Delivery to Google Ads is paused: conversions are kept and sent once this is fixed.',
  ]);
  expect(host.textContent).not.toContain(g.noProblem);
});

it('a problem deliveries have succeeded since is over, not paused', async () => {
  serve({
    report: googleReport({
      status: {
        ...QUIET_STATUS,
        problem_reason: 'UNAVAILABLE',
        problem_message: 'Google did not take the events: The service is currently unavailable. They are sent again.',
        problem_at: '2026-11-27T08:00:00+00:00',
        last_success_at: '2026-11-28T08:00:00+00:00',
      },
    }),
  });
  await render();
  const problem = textOf('google-ads-problem');
  expect(problem).toContain('Deliveries have succeeded since then: this problem is over.');
  expect(problem).not.toContain(g.paused);
});

it('says when it delivers to the local fake Google', async () => {
  serve({ setup: { ...CONNECTED, local_google: true } });
  await render();
  expect(textOf('google-ads-local')).toBe(
    "This server sends to a local fake of Google's Data Manager API (npm run dev): conversions are delivered on this machine only, and nothing reaches Google Ads.",
  );
});

it('Check the Google Ads connection: busy while Google checks, then what Google accepted, in a live region', async () => {
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  serve({
    more: async (call) => {
      if (!isCheck(call)) return null;
      await held;
      return json({ ok: true, checked: ['Lead', 'Schedule'], account: '123-456-7890' });
    },
  });
  await render();
  await act(async () => checkButton()!.click());
  expect(checkButton()?.textContent).toBe('Checking...');
  expect(checkButton()?.disabled).toBe(true);
  answer();
  await settle();
  expect(calls.filter(isCheck)).toHaveLength(1);
  const result = byTestId('google-ads-check-result');
  expect(result?.getAttribute('role')).toBe('status');
  expect(result?.textContent).toBe('Google accepted the check for Lead and Schedule (nothing was counted).');
  expect(checkButton()?.textContent).toBe(g.check.button);
  expect(checkButton()?.disabled).toBe(false);
});

it('Check the Google Ads connection: Google’s refusal shows what to fix, with Google’s answer', async () => {
  const advice = 'Google refused the service account: add site@coach-site.iam.gserviceaccount.com as a user of account 123-456-7890';
  serve({
    more: (call) =>
      isCheck(call) ? json({ ok: false, kind: 'account', reason: 'PERMISSION_DENIED', status: 403, message: 'The caller does not have permission', advice }) : null,
  });
  await render();
  await act(async () => checkButton()!.click());
  await settle();
  expect([...byTestId('google-ads-check-result')!.querySelectorAll('p')].map((p) => p.textContent)).toEqual([advice, "Google's answer: PERMISSION_DENIED, HTTP 403"]);
});

it('Check the Google Ads connection: a server without a setting, no function and no answer are said in words', async () => {
  let failure: () => Response = () => json({ ok: false, error: 'GOOGLE_ADS_CONVERSION_ACTIONS not set', missing: ['GOOGLE_ADS_CONVERSION_ACTIONS'] }, 503);
  serve({ more: (call) => (isCheck(call) ? failure() : null) });
  await render();
  const check = async () => {
    await act(async () => checkButton()!.click());
    await settle();
    return textOf('google-ads-check-result');
  };
  expect(await check()).toBe("The server has no GOOGLE_ADS_CONVERSION_ACTIONS: set them in the functions' secrets, as docs/google-ads.md explains.");
  failure = () => json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
  expect(await check()).toBe(g.absent);
  failure = () => {
    throw new TypeError('Failed to fetch');
  };
  expect(await check()).toBe(g.unreachable);
  failure = () => json({ error: 'boom' }, 500);
  expect(await check()).toBe('The check could not be made: 500: boom.');
});

it('without the google-ads-check function the report still shows, and the tab says the function is not deployed', async () => {
  serve({
    report: googleReport({ by_state: { delivered: 2 } }),
    more: (call) => (call.path.startsWith('/functions/') ? json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404) : null),
  });
  await render();
  expect(textOf('google-ads-unavailable')).toBe(g.absent);
  expect(counts().Delivered).toBe('2');
  expect(textOf('google-ads-waiting')).toBe('');
  expect(checkButton()).toBeUndefined();
});

it('a database without the Google Ads report says so; Try again asks again', async () => {
  let missing = true;
  serve({
    more: (call) => (missing && call.path === '/rest/v1/rpc/google_ads_report' ? json({ code: 'PGRST202', message: 'Could not find the function' }, 404) : null),
  });
  await render();
  expect(textOf('google-ads-error')).toContain(
    "The Google Ads delivery could not be loaded: this server's database has no Google Ads report yet (its migration is not applied).",
  );
  expect(byTestId('google-ads-counts')).toBeNull();
  missing = false;
  await act(async () => [...host.querySelectorAll('button')].find((button) => button.textContent === copy.tryAgain)!.click());
  await settle();
  expect(byTestId('google-ads-error')).toBeNull();
  expect(byTestId('google-ads-counts')).not.toBeNull();
  expect(calls.filter((call) => call.path === '/rest/v1/rpc/google_ads_report')).toHaveLength(2);
});

it('a new period is asked for, and the last report stays, marked busy, until it answers', async () => {
  let answer = () => {};
  let held: Promise<void> | null = null;
  serve({
    more: async (call) => {
      if (call.path !== '/rest/v1/rpc/google_ads_report' || !held) return null;
      await held;
      return json(googleReport({ by_state: { delivered: 1 } }));
    },
    report: googleReport({ by_state: { delivered: 9 } }),
  });
  await render(30);
  held = new Promise<void>((resolve) => (answer = resolve));
  await render(7);
  expect(textOf('google-ads-loading')).toBe(g.loading);
  expect(counts().Delivered).toBe('9');
  expect(host.querySelector('[aria-busy="true"]')).not.toBeNull();
  answer();
  await settle();
  expect(counts().Delivered).toBe('1');
  expect(textOf('google-ads-loading')).toBe('');
  expect(calls.filter((call) => call.path === '/rest/v1/rpc/google_ads_report').map((call) => call.body)).toEqual([{ p_days: 30 }, { p_days: 7 }]);
});
