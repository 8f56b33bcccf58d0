import { describe, expect, it } from 'vitest';
import type { UpstreamDeps } from '../../supabase/functions/_shared/meta-capi';
import { DEFAULT_RETRY_POLICY, isTransientStatus, mayRetry, parseRetryAfter, retryDelayMs } from '../../supabase/functions/_shared/retry';
import { handleTrackConversion, metaConfig, originAllowed, type TrackEnv } from '../../supabase/functions/_shared/track-conversion';

const NOW_MS = 1_700_000_000_000;
const env: TrackEnv = { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'secret', META_GRAPH_URL: 'http://graph.test' };

type Outcome = number | 'network' | { status: number; headers?: Record<string, string> };

/** Fake upstream answering with the given outcomes in turn (then 200), with a fake clock. */
function fakeDeps(outcomes: Outcome[] = []) {
  const calls: { url: string; body: unknown }[] = [];
  const sleeps: number[] = [];
  const logs: { message: string; details?: Record<string, unknown> }[] = [];
  let clock = NOW_MS;
  const deps: UpstreamDeps = {
    fetch: async (input, init) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      const next = outcomes.shift() ?? 200;
      if (next === 'network') throw new TypeError('fetch failed');
      const { status, headers = {} } = typeof next === 'number' ? { status: next } : next;
      const body = status < 300 ? { events_received: 1, fbtrace_id: 'T-ok' } : { error: { message: `bad ${status}`, fbtrace_id: `T-${status}` } };
      return new Response(JSON.stringify(body), { status, headers });
    },
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => clock,
    random: () => 1,
    log: (message, details) => logs.push({ message, ...(details ? { details } : {}) }),
  };
  return { deps, calls, sleeps, logs };
}

const event = (over: Record<string, unknown> = {}) => ({
  event_name: 'Schedule',
  event_id: 'call.12345678',
  event_time: NOW_MS / 1000 - 10,
  event_source_url: 'https://kaylareyes.coach/thank-you/call',
  user_data: { client_user_agent: 'UA' },
  custom_data: { conversion_type: 'call_scheduling' },
  ...over,
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://site.test/api/track-conversion', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.9', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('retry policy', () => {
  it('retries the network, 429 and 5xx, never another 4xx', () => {
    expect([429, 500, 502, 503, 504].every(isTransientStatus)).toBe(true);
    expect([400, 401, 403, 404, 413, 422].some(isTransientStatus)).toBe(false);
  });

  it('backs off exponentially with jitter, capped, within the budget', () => {
    const p = DEFAULT_RETRY_POLICY;
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, p, 1))).toEqual([100, 200, 400, 800, 800]);
    expect(retryDelayMs(1, p, 0)).toBe(50);
    expect(retryDelayMs(2, p, 1, 30)).toBe(800);
    expect(retryDelayMs(1, p, 1, 0.3)).toBe(300);
    expect(mayRetry(1, 0, 100, p)).toBe(true);
    expect(mayRetry(p.maxAttempts, 0, 100, p)).toBe(false);
    expect(mayRetry(2, 4950, 100, p)).toBe(false);
    const worst = Array.from({ length: p.maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1, p, 1)).reduce((a, b) => a + b, 0);
    expect(worst).toBeLessThan(p.budgetMs);
  });

  it('reads Retry-After in seconds only', () => {
    expect(parseRetryAfter('2')).toBe(2);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });
});

describe('handleTrackConversion', () => {
  it('forwards {data:[event], test_event_code} to {graph}/{version}/{pixel}/events', async () => {
    const { deps, calls, logs } = fakeDeps();
    const response = await handleTrackConversion(post(event()), { ...env, META_TEST_EVENT_CODE: 'TEST123' }, deps, { cors: false });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ forwarded: true, event_id: 'call.12345678', events_received: 1, fbtrace_id: 'T-ok' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://graph.test/v21.0/1234567890/events?access_token=secret');
    expect(calls[0]!.body).toMatchObject({
      test_event_code: 'TEST123',
      data: [{ event_name: 'Schedule', event_id: 'call.12345678', user_data: { client_ip_address: '198.51.100.9' } }],
    });
    expect(logs.some((log) => log.details?.fbtrace_id === 'T-ok')).toBe(true);
  });

  it('retries transient failures with backoff and sends the same event id each time', async () => {
    const { deps, calls, sleeps } = fakeDeps(['network', 503, { status: 429, headers: { 'retry-after': '1' } }, 500]);
    const response = await handleTrackConversion(post(event()), env, deps, { cors: false });
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(5);
    expect(new Set(calls.map((call) => JSON.stringify(call.body))).size).toBe(1);
    expect(sleeps).toEqual([100, 200, 800, 800]);
  });

  it('never retries a 4xx and logs its fbtrace_id', async () => {
    const { deps, calls, logs } = fakeDeps([400]);
    const response = await handleTrackConversion(post(event()), env, deps, { cors: false });
    expect(calls).toHaveLength(1);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'Meta refused the event: bad 400', fbtrace_id: 'T-400' });
    expect(logs.some((log) => log.details?.fbtrace_id === 'T-400')).toBe(true);
  });

  it('gives up after the attempts or the time budget with 503', async () => {
    const { deps, calls } = fakeDeps(Array(20).fill(503));
    const response = await handleTrackConversion(post(event()), env, deps, { cors: false });
    expect(response.status).toBe(503);
    expect(calls.length).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxAttempts);
    expect((await response.json()).error).toMatch(/^Meta did not accept the event after \d attempts/);
  });

  it('without a token or pixel: validates, logs and answers 202 {forwarded:false, reason}', async () => {
    const { deps, calls, logs } = fakeDeps();
    const response = await handleTrackConversion(post(event()), { META_PIXEL_ID: '1234567890' }, deps, { cors: false });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      forwarded: false,
      reason: 'META_CAPI_TOKEN not set: the event was validated but not forwarded',
      event_id: 'call.12345678',
    });
    expect(calls).toHaveLength(0);
    expect(logs[0]!.message).toBe('meta: not forwarded');
    const bad = await handleTrackConversion(post(event({ event_name: 'Nope' })), {}, deps, { cors: false });
    expect(bad.status).toBe(400);
  });

  it('gives an event without an id one, so retries deduplicate', async () => {
    const { deps, calls } = fakeDeps();
    const { event_id: _omit, ...withoutId } = event();
    const response = await handleTrackConversion(post(withoutId), env, deps, { cors: false });
    const body = await response.json();
    expect(body.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((calls[0]!.body as { data: { event_id: string }[] }).data[0]!.event_id).toBe(body.event_id);
  });

  it.each([
    ['GET', new Request('http://x.test/', { method: 'GET' }), 405, 'method must be POST'],
    ['text/plain', post('{}', { 'content-type': 'text/plain' }), 415, 'content-type must be application/json'],
    ['a 17 KB body', post({ ...event(), pad: 'x'.repeat(17 * 1024) }), 413, 'body must be at most 16384 bytes'],
    ['broken JSON', post('{"event_name":'), 400, 'body is not valid JSON'],
    ['a foreign origin', post(event(), { origin: 'https://evil.test' }), 403, 'origin https://evil.test is not allowed'],
  ])('refuses %s', async (_what, request, status, error) => {
    const { deps, calls } = fakeDeps();
    const response = await handleTrackConversion(request, { ...env, ALLOWED_ORIGINS: 'https://kaylareyes.coach' }, deps, { cors: false });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error });
    expect(calls).toHaveLength(0);
  });

  it('answers CORS preflight and errors with CORS headers when asked (Edge Function)', async () => {
    const { deps } = fakeDeps();
    const preflight = await handleTrackConversion(new Request('http://x.test/', { method: 'OPTIONS' }), env, deps, { cors: true });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');
    const bad = await handleTrackConversion(post('[]'), env, deps, { cors: true });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('reads settings and origins', () => {
    expect(metaConfig({})).toEqual({ reason: 'META_PIXEL_ID and META_CAPI_TOKEN not set: the event was validated but not forwarded' });
    expect(metaConfig({ ...env, META_API_VERSION: 'v25.0' })).toMatchObject({ config: { apiVersion: 'v25.0', graphUrl: 'http://graph.test' } });
    expect(originAllowed('https://a.test', undefined)).toBe(true);
    expect(originAllowed('https://a.test', 'https://b.test, https://a.test')).toBe(true);
    expect(originAllowed('https://c.test', 'https://b.test')).toBe(false);
    expect(originAllowed(null, 'https://b.test')).toBe(true);
  });
});
