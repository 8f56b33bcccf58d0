import { describe, expect, it } from 'vitest';
import type { UpstreamDeps } from '../../supabase/functions/_shared/meta-capi';
import {
  allowedOrigins,
  handleTrackConversion,
  metaConfig,
  onAllowedOrigin,
  originRefusal,
  rateLimitFrom,
  sha256Hex,
  type TrackEnv,
  type TrackOptions,
} from '../../supabase/functions/_shared/track-conversion';
import { bindingLimiter, FixedWindowLimiter } from '../../supabase/functions/_shared/track-guards';
import { MemoryLedger } from '../support/memory-ledger';

const NOW_MS = 1_700_000_000_000;
const SITE = 'https://kaylareyes.coach';
const env: TrackEnv = { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'secret', META_GRAPH_URL: 'http://graph.test', ALLOWED_ORIGINS: SITE };

/**
 * Options with their own limiter and ledger, so no test shares state with another; the work
 * after the answer is collected in `pending` so a test can await it.
 */
function opts(over: Partial<TrackOptions> = {}) {
  const ledger = new MemoryLedger(() => NOW_MS);
  const pending: Promise<unknown>[] = [];
  const options: TrackOptions = {
    cors: false,
    endpoint: 'pages',
    clientIpSource: 'cf-connecting-ip',
    rateLimiter: new FixedWindowLimiter(30, 60_000),
    ledger,
    background: (work) => pending.push(work),
    ...over,
  };
  return Object.assign(options, { memory: ledger, settled: () => Promise.all(pending) });
}

type Outcome = number | 'network' | { status: number; code?: number; headers?: Record<string, string> };

/** Fake upstream answering with the given outcomes in turn (then 200), with a fixed clock. */
function fakeDeps(outcomes: Outcome[] = []) {
  const calls: { url: string; body: unknown }[] = [];
  const logs: { message: string; details?: Record<string, unknown> }[] = [];
  const deps: UpstreamDeps = {
    fetch: async (input, init) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      const next = outcomes.shift() ?? 200;
      if (next === 'network') throw new TypeError('fetch failed');
      const { status, code, headers = {} } = typeof next === 'number' ? { status: next, code: undefined } : next;
      const body = status < 300 ? { events_received: 1, fbtrace_id: 'T-ok' } : { error: { message: `bad ${status}`, code, fbtrace_id: `T-${status}` } };
      return new Response(JSON.stringify(body), { status, headers });
    },
    now: () => NOW_MS,
    random: () => 1,
    log: (message, details) => logs.push({ message, ...(details ? { details } : {}) }),
  };
  return { deps, calls, logs };
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

describe('handleTrackConversion', () => {
  it('records the event, answers 202 {recorded}, then sends {data:[event], test_event_code} to {graph}/{version}/{pixel}/events', async () => {
    const { deps, calls } = fakeDeps();
    const options = opts();
    const response = await handleTrackConversion(post(event()), { ...env, META_TEST_EVENT_CODE: 'TEST123' }, deps, options);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ recorded: true, event_id: 'call.12345678' });
    expect(options.memory.rows.get('call.12345678')).toMatchObject({ state: 'pending', consented: true, endpoint: 'pages', page_path: '/thank-you/call' });
    await options.settled();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://graph.test/v25.0/1234567890/events?access_token=secret');
    expect(calls[0]!.body).toMatchObject({
      test_event_code: 'TEST123',
      data: [{ event_name: 'Schedule', event_id: 'call.12345678', user_data: { client_ip_address: '198.51.100.9' } }],
    });
    expect(options.memory.rows.get('call.12345678')).toMatchObject({ state: 'delivered', meta_event: null, fbtrace_id: 'T-ok' });
  });

  it('answers 2xx while Meta is down: the event stays pending for the scheduled run, same event_id', async () => {
    const { deps, calls } = fakeDeps(['network']);
    const options = opts();
    const response = await handleTrackConversion(post(event()), env, deps, options);
    expect(response.status).toBe(202);
    await options.settled();
    expect(calls).toHaveLength(1);
    const row = options.memory.rows.get('call.12345678')!;
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_error_message: 'network: fetch failed' });
    expect(row.next_attempt_at! - NOW_MS).toBeLessThanOrEqual(60_000);
  });

  it('never tells the caller what Meta said or which setting is missing', async () => {
    const { deps } = fakeDeps([{ status: 400, code: 100 }]);
    const options = opts();
    const refused = await handleTrackConversion(post(event()), env, deps, options);
    expect(await refused.json()).toEqual({ recorded: true, event_id: 'call.12345678' });
    await options.settled();
    expect(options.memory.rows.get('call.12345678')).toMatchObject({ state: 'failed', last_error_code: 100, last_error_message: 'bad 400' });
    const unconfigured = opts();
    const response = await handleTrackConversion(post(event()), { META_PIXEL_ID: '1234567890', ALLOWED_ORIGINS: SITE }, deps, unconfigured);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ recorded: true, event_id: 'call.12345678' });
    expect(unconfigured.memory.rows.get('call.12345678')).toMatchObject({ state: 'not_configured', meta_event: null });
  });

  it('answers 503 with a plain error when the ledger cannot record, sending nothing', async () => {
    const { deps, calls, logs } = fakeDeps();
    const options = opts();
    options.memory.failing = true;
    const response = await handleTrackConversion(post(event()), env, deps, options);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'the conversion could not be recorded: try again later' });
    const missing = await handleTrackConversion(post(event()), env, deps, opts({ ledger: { missing: 'SUPABASE_URL' } }));
    expect(missing.status).toBe(503);
    expect(await missing.json()).toEqual({ error: 'the conversion could not be recorded: try again later' });
    expect(calls).toHaveLength(0);
    expect(logs.map((log) => log.message)).toContain('ledger: not configured, the conversion was not recorded');
  });

  it.each([
    ['marked not consented', event({ ads_consent: 'denied' }), {}],
    ['without the consent mark', (({ ads_consent: _omit, ...rest }) => rest)(event()), {}],
    ['from a browser sending Global Privacy Control', event(), { 'sec-gpc': '1' }],
  ])('counts an event %s without any identifier, and never sends it', async (_name, body, headers) => {
    const { deps, calls } = fakeDeps();
    const options = opts();
    const withEverything = {
      ...body,
      event_source_url: 'https://kaylareyes.coach/thank-you/call?fbclid=abc&utm_campaign=spring&email=a%40b.c',
      user_data: { client_user_agent: 'UA', fbc: 'fb.1.1700000000000.abc', fbp: 'fb.1.1700000000000.123', external_id: 'visitor-1' },
      custom_data: {
        conversion_type: 'call_scheduling',
        utm_source: 'meta',
        utm_campaign: 'spring',
        referrer: 'https://x.test/',
        landing_page: 'https://kaylareyes.coach/?fbclid=abc',
      },
      google_click: { kind: 'gclid', id: 'g1', click_time: NOW_MS / 1000 - 60 },
    };
    const response = await handleTrackConversion(post(withEverything, headers), env, deps, options);
    expect(response.status).toBe(202);
    await options.settled();
    expect(calls).toHaveLength(0);
    expect(options.memory.rows.get('call.12345678')).toEqual(
      expect.objectContaining({
        state: 'not_consented',
        consented: false,
        meta_event: null,
        page_path: '/thank-you/call',
        utm_source: 'meta',
        utm_campaign: 'spring',
        conversion_type: 'call_scheduling',
        had_fbclid: false,
        had_gclid: false,
        referrer_host: null,
        landing_path: null,
      }),
    );
  });

  it('upgrades a count to the consented event when the visitor agrees on the page; a second consented copy is a duplicate', async () => {
    const { deps, calls } = fakeDeps();
    const options = opts();
    const { ads_consent: _omit, ...count } = event();
    expect((await handleTrackConversion(post(count), env, deps, options)).status).toBe(202);
    expect((await handleTrackConversion(post(event()), env, deps, options)).status).toBe(202);
    const replay = await handleTrackConversion(post(event()), env, deps, options);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ duplicate: true, event_id: 'call.12345678' });
    await options.settled();
    expect(calls).toHaveLength(1);
  });

  it('keeps the path and the attribution parameters of URLs only, hashes external_id, and sends Meta no Google click id', async () => {
    const { deps, calls } = fakeDeps();
    const options = opts();
    const body = event({
      event_source_url: 'https://user:pass@kaylareyes.coach/thank-you/call?email=a%40b.c&phone=555&utm_campaign=spring&fbclid=abc&gclid=G1&wbraid=W1#x',
      user_data: { client_user_agent: 'UA', external_id: 'visitor-1' },
      custom_data: { conversion_type: 'call_scheduling', landing_page: 'https://kaylareyes.coach/?utm_source=meta&name=Ann&gbraid=B1', referrer: 'https://x.test/p?q=1' },
      google_click: { kind: 'gclid', id: 'G1', click_time: NOW_MS / 1000 - 60 },
    });
    expect((await handleTrackConversion(post(body), env, deps, options)).status).toBe(202);
    await options.settled();
    const sent = (calls[0]!.body as { data: { event_source_url: string; user_data: { external_id: string }; custom_data: Record<string, string> }[] }).data[0]!;
    expect(sent.event_source_url).toBe('https://kaylareyes.coach/thank-you/call?utm_campaign=spring&fbclid=abc');
    expect(sent.custom_data).toEqual({ conversion_type: 'call_scheduling', landing_page: 'https://kaylareyes.coach/?utm_source=meta', referrer: 'https://x.test/p' });
    expect(sent.user_data.external_id).toBe(await sha256Hex('visitor-1'));
    expect(JSON.stringify(calls[0]!.body)).not.toMatch(/G1|B1|W1|google_click|click_time/);
    expect(options.memory.rows.get('call.12345678')).toMatchObject({ had_fbclid: true, referrer_host: 'x.test', landing_path: '/' });
  });

  it('gives an event without an id one', async () => {
    const { deps, calls } = fakeDeps();
    const options = opts();
    const { event_id: _omit, ...withoutId } = event();
    const response = await handleTrackConversion(post(withoutId), env, deps, options);
    const body = await response.json();
    expect(body.event_id).toMatch(/^[0-9a-f-]{36}$/);
    await options.settled();
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
      'event_source_url is not a page of this site: this page may not send conversions',
    ],
    [
      'an event_source_url on another port',
      post(event({ event_source_url: 'https://kaylareyes.coach:8443/thank-you' })),
      400,
      'event_source_url is not a page of this site: this page may not send conversions',
    ],
  ])('refuses %s', async (_what, request, status, error) => {
    const { deps, calls } = fakeDeps();
    const options = opts();
    const response = await handleTrackConversion(request, env, deps, options);
    await options.settled();
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
    expect(metaConfig({})).toEqual({ missing: ['META_PIXEL_ID', 'META_CAPI_TOKEN'] });
    expect(metaConfig(env)).toMatchObject({ config: { apiVersion: 'v25.0' } });
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
    const options = opts();
    expect((await handleTrackConversion(site(SITE), sameOrigin, deps, options)).status).toBe(202);
    expect((await handleTrackConversion(site('https://other.test'), sameOrigin, deps, options)).status).toBe(403);
    await options.settled();
    expect(calls).toHaveLength(1);
  });
});

describe('the client IP', () => {
  it('comes from the platform header only, never from the body', async () => {
    const { deps, calls } = fakeDeps();
    const send = async (request: Request, over: Partial<TrackOptions> = {}) => {
      const options = opts(over);
      await handleTrackConversion(request, env, deps, options);
      await options.settled();
    };
    const body = event({ user_data: { client_user_agent: 'UA', client_ip_address: '192.0.2.66' } });
    await send(post(body, { 'x-forwarded-for': '192.0.2.77' }));
    // The caller wrote the first entry; Supabase's edge appended the last.
    const headers = { 'cf-connecting-ip': '192.0.2.88', 'x-forwarded-for': '203.0.113.1, 198.51.100.20' };
    await send(post({ ...body, event_id: 'call.2' }, headers), { cors: true, clientIpSource: 'x-forwarded-for' });
    const withoutHeader = new Request('http://site.test/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: JSON.stringify({ ...body, event_id: 'call.3' }),
    });
    await send(withoutHeader);
    const ips = calls.map((call) => (call.body as { data: { user_data: { client_ip_address?: string } }[] }).data[0]!.user_data.client_ip_address);
    expect(ips).toEqual(['198.51.100.9', '198.51.100.20', undefined]);
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After beyond the limit, per client, forwarding none of those', async () => {
    const { deps, calls } = fakeDeps();
    let clock = NOW_MS;
    const options = opts({ rateLimiter: new FixedWindowLimiter(30, 60_000, () => clock) });
    const send = (i: number, ip = '198.51.100.9') => handleTrackConversion(post(event({ event_id: `call.burst-${i}` }), { 'cf-connecting-ip': ip }), env, deps, options);
    const statuses = await Promise.all(Array.from({ length: 150 }, (_, i) => send(i).then((response) => response.status)));
    expect(statuses.filter((status) => status === 202)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(120);
    await options.settled();
    expect(options.memory.rows.size).toBe(30);
    expect(calls).toHaveLength(30);
    clock += 20_000;
    const limited = await send(1000);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(await limited.json()).toEqual({ error: 'too many events from this client: try again later' });
    expect((await send(1001, '198.51.100.10')).status).toBe(202);
    clock += 40_000;
    expect((await send(1002)).status).toBe(202);
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
