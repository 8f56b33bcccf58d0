import { describe, expect, it } from 'vitest';
import type { UpstreamDeps } from '../../supabase/functions/_shared/meta-capi';
import { DEFAULT_RETRY_POLICY, isTransientStatus, mayRetry, parseRetryAfter, retryDelayMs } from '../../supabase/functions/_shared/retry';
import {
  allowedOrigins,
  handleTrackConversion,
  metaConfig,
  onAllowedOrigin,
  originRefusal,
  rateLimitFrom,
  type TrackEnv,
  type TrackOptions,
} from '../../supabase/functions/_shared/track-conversion';
import { bindingLimiter, FixedWindowLimiter, kvEventIdStore, MemoryEventIdStore } from '../../supabase/functions/_shared/track-guards';

const NOW_MS = 1_700_000_000_000;
const SITE = 'https://kaylareyes.coach';
const env: TrackEnv = { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'secret', META_GRAPH_URL: 'http://graph.test', ALLOWED_ORIGINS: SITE };

/** Options with their own limiter and id store, so no test shares state with another. */
const opts = (over: Partial<TrackOptions> = {}): TrackOptions => ({
  cors: false,
  rateLimiter: new FixedWindowLimiter(30, 60_000),
  eventIds: new MemoryEventIdStore(),
  ...over,
});

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
  ads_consent: 'granted',
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
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.9', origin: SITE, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** A request without an Origin header (the helper adds one). */
function noOrigin(body: unknown, headers: Record<string, string> = {}) {
  const request = post(body, headers);
  const copy = new Headers(request.headers);
  copy.delete('origin');
  return new Request(request.url, { method: 'POST', headers: copy, body: JSON.stringify(body) });
}

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
    const response = await handleTrackConversion(post(event()), { ...env, META_TEST_EVENT_CODE: 'TEST123' }, deps, opts());
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
    const response = await handleTrackConversion(post(event()), env, deps, opts());
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(5);
    expect(new Set(calls.map((call) => JSON.stringify(call.body))).size).toBe(1);
    expect(sleeps).toEqual([100, 200, 800, 800]);
  });

  it('never retries a 4xx and logs its fbtrace_id', async () => {
    const { deps, calls, logs } = fakeDeps([400]);
    const response = await handleTrackConversion(post(event()), env, deps, opts());
    expect(calls).toHaveLength(1);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'Meta refused the event: bad 400', fbtrace_id: 'T-400' });
    expect(logs.some((log) => log.details?.fbtrace_id === 'T-400')).toBe(true);
  });

  it('gives up after the attempts or the time budget with 503', async () => {
    const { deps, calls } = fakeDeps(Array(20).fill(503));
    const response = await handleTrackConversion(post(event()), env, deps, opts());
    expect(response.status).toBe(503);
    expect(calls.length).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxAttempts);
    expect((await response.json()).error).toMatch(/^Meta did not accept the event after \d attempts/);
  });

  it('without a token or pixel: validates, logs and answers 202 {forwarded:false, reason}', async () => {
    const { deps, calls, logs } = fakeDeps();
    const response = await handleTrackConversion(post(event()), { META_PIXEL_ID: '1234567890', ALLOWED_ORIGINS: SITE }, deps, opts());
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      forwarded: false,
      reason: 'META_CAPI_TOKEN not set: the event was validated but not forwarded',
      event_id: 'call.12345678',
    });
    expect(calls).toHaveLength(0);
    expect(logs[0]!.message).toBe('meta: not forwarded');
    const bad = await handleTrackConversion(post(event({ event_name: 'Nope' })), { ALLOWED_ORIGINS: SITE }, deps, opts());
    expect(bad.status).toBe(400);
  });

  it.each([
    ['marked not consented', event({ ads_consent: 'denied' }), {}, 'ads_consent is "denied": only events the visitor agreed to ("granted") are forwarded'],
    [
      'without the consent mark',
      (({ ads_consent: _omit, ...rest }) => rest)(event()),
      {},
      'ads_consent is required: "granted" when the visitor agreed to ads measurement',
    ],
    ['from a browser sending Global Privacy Control', event(), { 'sec-gpc': '1' }, 'the browser sends Global Privacy Control (Sec-GPC: 1): the event is not forwarded'],
  ])('refuses an event %s with 403, forwarding nothing', async (_name, body, headers, error) => {
    const { deps, calls } = fakeDeps();
    const response = await handleTrackConversion(post(body, headers), env, deps, opts());
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error });
    expect(calls).toHaveLength(0);
  });

  it('gives an event without an id one, so retries deduplicate', async () => {
    const { deps, calls } = fakeDeps();
    const { event_id: _omit, ...withoutId } = event();
    const response = await handleTrackConversion(post(withoutId), env, deps, opts());
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
    ['a look-alike origin', post(event(), { origin: 'https://kaylareyes.coach.evil.test' }), 403, 'origin https://kaylareyes.coach.evil.test is not allowed'],
    ['an opaque origin', post(event(), { origin: 'null' }), 403, 'origin null is not allowed'],
    ['no origin', noOrigin(event()), 403, 'the request has no Origin header: only the site itself may post'],
    ['no origin, cross-site', noOrigin(event(), { 'sec-fetch-site': 'cross-site' }), 403, 'the request has no Origin header: only the site itself may post'],
    [
      'an off-site event_source_url',
      post(event({ event_source_url: 'https://evil.test/thank-you' })),
      400,
      'event_source_url must be a page of this site (https://kaylareyes.coach)',
    ],
    [
      'an event_source_url on another port',
      post(event({ event_source_url: 'https://kaylareyes.coach:8443/thank-you' })),
      400,
      'event_source_url must be a page of this site (https://kaylareyes.coach)',
    ],
  ])('refuses %s', async (_what, request, status, error) => {
    const { deps, calls } = fakeDeps();
    const response = await handleTrackConversion(request, env, deps, opts());
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error });
    expect(calls).toHaveLength(0);
  });

  it('answers CORS preflight and errors with CORS headers when asked (Edge Function)', async () => {
    const { deps } = fakeDeps();
    const preflight = await handleTrackConversion(new Request('http://x.test/', { method: 'OPTIONS' }), env, deps, opts({ cors: true }));
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');
    const bad = await handleTrackConversion(post('[]'), env, deps, opts({ cors: true }));
    expect(bad.status).toBe(400);
    expect(bad.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('reads settings and origins', () => {
    expect(metaConfig({})).toEqual({ reason: 'META_PIXEL_ID and META_CAPI_TOKEN not set: the event was validated but not forwarded' });
    expect(metaConfig({ ...env, META_API_VERSION: 'v25.0' })).toMatchObject({ config: { apiVersion: 'v25.0', graphUrl: 'http://graph.test' } });
    expect(rateLimitFrom({})).toBe(30);
    expect(rateLimitFrom({ TRACK_RATE_LIMIT: '500' })).toBe(500);
    expect(rateLimitFrom({ TRACK_RATE_LIMIT: '-1' })).toBe(30);
  });
});

describe('the site origin rule', () => {
  it('is ALLOWED_ORIGINS when set, else the endpoint’s own origin; `*` is not an origin', () => {
    expect(allowedOrigins(undefined, 'http://127.0.0.1:8788/api/track-conversion')).toEqual(['http://127.0.0.1:8788']);
    expect(allowedOrigins('', 'https://site.test/api')).toEqual(['https://site.test']);
    expect(allowedOrigins('*', 'https://site.test/api')).toEqual(['https://site.test']);
    expect(allowedOrigins(' https://b.test/ , https://A.test:443', 'https://fn.test/')).toEqual(['https://b.test', 'https://a.test']);
  });

  it('matches whole origins (scheme, host, port), for headers and page URLs alike', () => {
    const allowed = ['https://a.test'];
    expect(onAllowedOrigin('https://a.test', allowed)).toBe(true);
    expect(onAllowedOrigin('https://a.test/thank-you?x=1#y', allowed)).toBe(true);
    expect(onAllowedOrigin('http://a.test/thank-you', allowed)).toBe(false);
    expect(onAllowedOrigin('https://a.test.evil.test/', allowed)).toBe(false);
    expect(onAllowedOrigin('https://evil.test/?https://a.test', allowed)).toBe(false);
    expect(onAllowedOrigin('javascript:https://a.test', allowed)).toBe(false);
  });

  it('refuses a missing Origin unless Sec-Fetch-Site is same-origin', () => {
    const allowed = ['https://a.test'];
    expect(originRefusal(new Headers({ origin: 'https://a.test' }), allowed)).toBeNull();
    expect(originRefusal(new Headers({ 'sec-fetch-site': 'same-origin' }), allowed)).toBeNull();
    expect(originRefusal(new Headers({ 'sec-fetch-site': 'same-site' }), allowed)).toMatch(/no Origin header/);
    expect(originRefusal(new Headers(), allowed)).toMatch(/no Origin header/);
  });

  it('accepts a same-origin post without ALLOWED_ORIGINS, and refuses one from elsewhere', async () => {
    const { deps, calls } = fakeDeps();
    const { ALLOWED_ORIGINS: _none, ...sameOrigin } = env;
    const site = (origin: string) =>
      new Request('https://kaylareyes.coach/api/track-conversion', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(event()),
      });
    expect((await handleTrackConversion(site(SITE), sameOrigin, deps, opts())).status).toBe(200);
    expect((await handleTrackConversion(site('https://other.test'), sameOrigin, deps, opts())).status).toBe(403);
    expect(calls).toHaveLength(1);
  });
});

describe('the client IP', () => {
  it('comes from the platform header only, never from the body', async () => {
    const { deps, calls } = fakeDeps();
    const body = event({ user_data: { client_user_agent: 'UA', client_ip_address: '192.0.2.66' } });
    await handleTrackConversion(post(body, { 'x-forwarded-for': '192.0.2.77' }), env, deps, opts());
    const headers = { 'cf-connecting-ip': '192.0.2.88', 'x-forwarded-for': '203.0.113.1, 10.0.0.1' };
    await handleTrackConversion(post({ ...body, event_id: 'call.2' }, headers), env, deps, opts({ cors: true, clientIpSource: 'x-forwarded-for' }));
    const withoutHeader = new Request('http://site.test/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: JSON.stringify({ ...body, event_id: 'call.3' }),
    });
    await handleTrackConversion(withoutHeader, env, deps, opts());
    const ips = calls.map((call) => (call.body as { data: { user_data: { client_ip_address?: string } }[] }).data[0]!.user_data.client_ip_address);
    expect(ips).toEqual(['198.51.100.9', '203.0.113.1', undefined]);
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After beyond the limit, per client, forwarding none of those', async () => {
    const { deps, calls } = fakeDeps();
    let clock = NOW_MS;
    const options = opts({ rateLimiter: new FixedWindowLimiter(30, 60_000, () => clock) });
    const send = (i: number, ip = '198.51.100.9') => handleTrackConversion(post(event({ event_id: `call.burst-${i}` }), { 'cf-connecting-ip': ip }), env, deps, options);
    const statuses = await Promise.all(Array.from({ length: 150 }, (_, i) => send(i).then((response) => response.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(120);
    expect(calls).toHaveLength(30);
    clock += 20_000;
    const limited = await send(1000);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(await limited.json()).toEqual({ error: 'too many events from this client: try again later' });
    expect((await send(1001, '198.51.100.10')).status).toBe(200);
    clock += 40_000;
    expect((await send(1002)).status).toBe(200);
  });

  it('checks the limit before reading the body', async () => {
    const { deps } = fakeDeps();
    const options = opts({ rateLimiter: { limit: async () => ({ ok: false, retryAfterS: 60 }) } });
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request('http://site.test/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await handleTrackConversion(request, env, deps, options);
    expect(response.status).toBe(429);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('wraps the Workers rate limiting binding', async () => {
    const keys: string[] = [];
    const limiter = bindingLimiter({ limit: async ({ key }) => ({ success: keys.push(key) <= 1 }) });
    expect(await limiter.limit('a')).toEqual({ ok: true });
    expect(await limiter.limit('a')).toEqual({ ok: false, retryAfterS: 60 });
    expect(keys).toEqual(['a', 'a']);
  });
});

describe('event ids', () => {
  it('forwards an event_id once; a replay answers 200 {forwarded:false, duplicate:true}', async () => {
    const { deps, calls } = fakeDeps();
    const options = opts();
    const first = await handleTrackConversion(post(event()), env, deps, options);
    const replay = await handleTrackConversion(post(event()), env, deps, options);
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ forwarded: false, duplicate: true, event_id: 'call.12345678' });
    expect(calls).toHaveLength(1);
  });

  it('frees the id when Meta did not take the event, so the retry is sent', async () => {
    const { deps, calls } = fakeDeps([400]);
    const options = opts();
    expect((await handleTrackConversion(post(event()), env, deps, options)).status).toBe(502);
    expect((await handleTrackConversion(post(event()), env, deps, options)).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('expire after their TTL (memory) and live in KV with a TTL', async () => {
    let clock = 0;
    const memory = new MemoryEventIdStore(() => clock);
    expect(await memory.claim('a', 48 * 3600)).toBe(true);
    clock += 48 * 3600 * 1000 - 1;
    expect(await memory.claim('a', 48 * 3600)).toBe(false);
    clock += 1;
    expect(await memory.claim('a', 48 * 3600)).toBe(true);

    const puts: [string, string, unknown][] = [];
    const data = new Map<string, string>();
    const kv = {
      get: async (key: string) => data.get(key) ?? null,
      put: async (key: string, value: string, options?: { expirationTtl?: number }) => {
        puts.push([key, value, options]);
        data.set(key, value);
      },
      delete: async (key: string) => {
        data.delete(key);
      },
    };
    const store = kvEventIdStore(kv);
    expect(await store.claim('b', 172800)).toBe(true);
    expect(await store.claim('b', 172800)).toBe(false);
    expect(puts).toEqual([['event_id:b', '1', { expirationTtl: 172800 }]]);
    await store.release('b');
    expect(await store.claim('b', 172800)).toBe(true);
  });
});
