// @vitest-environment node
/**
 * The forwarded event ids of the track-conversion Edge Function in Postgres: the store's
 * requests (PostgREST RPC with the service role key), the stand-in's POST /rest/v1/rpc/<fn>,
 * and the function (createHandler, and the stand-in's own) against a fake Graph API.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamDeps } from '../../supabase/functions/_shared/meta-capi.ts';
import { postgrestEventIdStore } from '../../supabase/functions/_shared/track-guards.ts';
import { createHandler, envFrom, eventIdStoreFrom } from '../../supabase/functions/track-conversion/handler.ts';
import type { Standin } from '../../supabase/local/server.ts';
import { startFakeGraph } from '../../tools/tracking/fake-graph.mjs';
import { MEMBER, signedIn, startTestStandin } from '../support/standin.ts';

const SITE = 'http://127.0.0.1:4321';
const MB = 1024 * 1024;

describe('postgrestEventIdStore', () => {
  function fakeFetch(answers: (Response | Error)[]) {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetch = async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = answers.shift() ?? new Response('true', { status: 200 });
      if (next instanceof Error) throw next;
      return next;
    };
    return { fetch, calls };
  }
  const pgrst = (status: number, code: string, message: string) => new Response(JSON.stringify({ code, details: null, hint: null, message }), { status });

  it('claims with POST {url}/rest/v1/rpc/claim_conversion_event_id, the service key as apikey and Bearer', async () => {
    const { fetch, calls } = fakeFetch([new Response('true'), new Response('false'), new Response(null, { status: 204 })]);
    const store = postgrestEventIdStore({ url: 'https://project.supabase.co/', serviceKey: 'eyJ.service.jwt', fetch });
    expect(await store.claim('call.1234', 172_800)).toBe(true);
    expect(await store.claim('call.1234', 172_800)).toBe(false);
    await store.release('call.1234');
    expect(calls.map((call) => call.url)).toEqual([
      'https://project.supabase.co/rest/v1/rpc/claim_conversion_event_id',
      'https://project.supabase.co/rest/v1/rpc/claim_conversion_event_id',
      'https://project.supabase.co/rest/v1/rpc/release_conversion_event_id',
    ]);
    const [first] = calls;
    expect(first!.init.method).toBe('POST');
    expect(JSON.parse(String(first!.init.body))).toEqual({ p_event_id: 'call.1234' });
    expect(first!.init.headers).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
      apikey: 'eyJ.service.jwt',
      authorization: 'Bearer eyJ.service.jwt',
    });
    expect(first!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends a new-format sb_ secret key as apikey only', async () => {
    const { fetch, calls } = fakeFetch([new Response('true')]);
    await postgrestEventIdStore({ url: 'https://project.supabase.co', serviceKey: 'sb_secret_abc', fetch }).claim('call.1234', 60);
    expect(calls[0]!.init.headers).toEqual({ 'content-type': 'application/json', accept: 'application/json', apikey: 'sb_secret_abc' });
  });

  it('throws an Error naming the function, the status and PostgREST message; or the network failure', async () => {
    const { fetch } = fakeFetch([
      pgrst(401, '42501', 'permission denied for function claim_conversion_event_id'),
      new Response('<html>bad gateway</html>', { status: 502 }),
      new TypeError('fetch failed'),
      new Response('{"ok":1}'),
      pgrst(404, 'PGRST202', 'Could not find the function public.release_conversion_event_id(p_event_id) in the schema cache'),
    ]);
    const store = postgrestEventIdStore({ url: 'https://project.supabase.co', serviceKey: 'k', fetch });
    await expect(store.claim('call.1234', 60)).rejects.toThrow(
      'event id store: claim_conversion_event_id answered 401: permission denied for function claim_conversion_event_id (42501)',
    );
    await expect(store.claim('call.1234', 60)).rejects.toThrow('event id store: claim_conversion_event_id answered 502: <html>bad gateway</html>');
    await expect(store.claim('call.1234', 60)).rejects.toThrow('event id store: claim_conversion_event_id failed: fetch failed');
    await expect(store.claim('call.1234', 60)).rejects.toThrow('event id store: claim_conversion_event_id answered 200 without a boolean: {"ok":1}');
    await expect(store.release('call.1234')).rejects.toThrow(
      'event id store: release_conversion_event_id answered 404: Could not find the function public.release_conversion_event_id(p_event_id) in the schema cache (PGRST202)',
    );
  });

  it('gives up on a store that does not answer within timeoutMs', async () => {
    const hanging = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));
    const store = postgrestEventIdStore({ url: 'https://project.supabase.co', serviceKey: 'k', fetch: hanging, timeoutMs: 50 });
    await expect(store.claim('call.1234', 60)).rejects.toThrow(/^event id store: claim_conversion_event_id failed: .*timeout/i);
  });

  it('is what the Edge Function uses when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set', () => {
    const vars: Record<string, string> = { SUPABASE_URL: 'https://project.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'k', META_PIXEL_ID: '1' };
    const env = envFrom((name) => vars[name]);
    expect(env).toMatchObject({ SUPABASE_URL: 'https://project.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'k', META_PIXEL_ID: '1' });
    expect(eventIdStoreFrom(env)).toBeDefined();
    expect(eventIdStoreFrom({ ...env, SUPABASE_SERVICE_ROLE_KEY: undefined })).toBeUndefined();
    expect(eventIdStoreFrom({ ...env, SUPABASE_URL: ' ' })).toBeUndefined();
  });
});

describe('against the stand-in', () => {
  let standin: Standin;
  let graph: Awaited<ReturnType<typeof startFakeGraph>>;
  beforeAll(async () => {
    graph = await startFakeGraph({ port: 0 });
    standin = await startTestStandin(4828, {}, { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'test-token', META_GRAPH_URL: graph.url });
  }, 90_000);
  afterAll(async () => {
    await standin?.close();
    await graph?.close();
  }, 30_000);
  beforeEach(() => graph.reset());

  const rpc = (fn: string, key: string, body: unknown, token = key) =>
    fetch(`${standin.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const stored = async (id: string) =>
    (await standin.db.query<{ n: number }>('select count(*)::int as n from public.conversion_event_ids where event_id = $1', [id])).rows[0]!.n;
  const newId = () => `call.${crypto.randomUUID()}`;

  describe('POST /rest/v1/rpc/<function>', () => {
    it('lets the service role claim (true), see the replay (false), release (204) and claim again', async () => {
      const key = standin.config.serviceRoleKey;
      const id = newId();
      const first = await rpc('claim_conversion_event_id', key, { p_event_id: id });
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await first.text()).toBe('true');
      expect(await stored(id)).toBe(1);
      expect(await (await rpc('claim_conversion_event_id', key, { p_event_id: id })).text()).toBe('false');
      const released = await rpc('release_conversion_event_id', key, { p_event_id: id });
      expect(released.status).toBe(204);
      expect(await released.text()).toBe('');
      expect(await stored(id)).toBe(0);
      expect(await (await rpc('claim_conversion_event_id', key, { p_event_id: id })).json()).toBe(true);
    });

    it('refuses anon (401) and a signed-in user (403) with 42501, recording nothing', async () => {
      const id = newId();
      const anon = await rpc('claim_conversion_event_id', standin.config.anonKey, { p_event_id: id });
      expect(anon.status).toBe(401);
      expect(await anon.json()).toEqual({ code: '42501', details: null, hint: null, message: 'permission denied for function claim_conversion_event_id' });
      const token = (await (await signedIn(standin, MEMBER.email, MEMBER.password)).auth.getSession()).data.session!.access_token;
      const member = await rpc('claim_conversion_event_id', standin.config.anonKey, { p_event_id: id }, token);
      expect(member.status).toBe(403);
      expect(await member.json()).toMatchObject({ code: '42501', message: 'permission denied for function claim_conversion_event_id' });
      const release = await rpc('release_conversion_event_id', standin.config.anonKey, { p_event_id: id });
      expect(release.status).toBe(401);
      expect(await stored(id)).toBe(0);
    });

    it('answers an unknown function, unknown arguments or a bad name with 404 PGRST202', async () => {
      const key = standin.config.serviceRoleKey;
      const unknown = await rpc('no_such_function', key, { p_event_id: 'x' });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({
        code: 'PGRST202',
        details:
          'Searched for the function public.no_such_function with parameter p_event_id or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: null,
        message: 'Could not find the function public.no_such_function(p_event_id) in the schema cache',
      });
      const wrongArgs = await rpc('claim_conversion_event_id', key, { event_id: 'x' });
      expect(wrongArgs.status).toBe(404);
      expect((await wrongArgs.json()).code).toBe('PGRST202');
      const missing = await rpc('claim_conversion_event_id', key, {});
      expect(missing.status).toBe(404);
      expect((await missing.json()).message).toBe('Could not find the function public.claim_conversion_event_id() in the schema cache');
      for (const name of ['claim_conversion_event_id%22%3B%20drop%20table%20x', 'pg_catalog.now', '%E0%A4%A']) {
        const bad = await rpc(name, key, { p_event_id: 'x' });
        expect(bad.status, name).toBe(404);
        expect((await bad.json()).code).toBe('PGRST202');
      }
      expect((await rpc('claim_conversion_event_id', key, { 'p_event_id"': 'x' })).status).toBe(404);
    });

    it('answers a bad body with 400, a wrong method with 405, a body over the JSON limit with 413', async () => {
      const key = standin.config.serviceRoleKey;
      const invalid = await rpc('claim_conversion_event_id', key, '{"p_event_id":');
      expect(invalid.status).toBe(400);
      expect((await invalid.json()).code).toBe('PGRST102');
      expect((await rpc('claim_conversion_event_id', key, ['x'])).status).toBe(400);
      const tooLong = await rpc('claim_conversion_event_id', key, { p_event_id: 'x'.repeat(101) });
      expect(tooLong.status).toBe(400);
      expect((await tooLong.json()).code).toBe('23514');
      const get = await fetch(`${standin.url}/rest/v1/rpc/claim_conversion_event_id`, { headers: { apikey: key } });
      expect(get.status).toBe(405);
      const big = await rpc('claim_conversion_event_id', key, JSON.stringify({ p_event_id: 'x', pad: 'y'.repeat(MB) }));
      expect(big.status).toBe(413);
      expect(await big.json()).toEqual({ message: 'Request size limit exceeded' });
    });
  });

  describe('the track-conversion function with the Postgres store', () => {
    const quiet: UpstreamDeps = {
      fetch: (input, init) => fetch(input, init),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5))),
      now: () => Date.now(),
      random: () => 0,
      log: () => undefined,
    };
    let clientIp = 10;
    const event = (id = newId()) => ({
      ads_consent: 'granted',
      event_name: 'Schedule',
      event_id: id,
      event_time: Math.floor(Date.now() / 1000) - 2,
      action_source: 'website',
      event_source_url: `${SITE}/thank-you/call`,
      user_data: { client_user_agent: 'Mozilla/5.0 test' },
      custom_data: { conversion_type: 'call_scheduling' },
    });
    const request = (url: string, body: unknown) =>
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE, 'x-forwarded-for': `203.0.113.${(clientIp += 1)}` },
        body: JSON.stringify(body),
      });
    const handlerWith = (supabaseUrl: string, serviceKey: string) =>
      createHandler(
        {
          META_PIXEL_ID: '1234567890',
          META_CAPI_TOKEN: 'test-token',
          META_GRAPH_URL: graph.url,
          ALLOWED_ORIGINS: SITE,
          SUPABASE_URL: supabaseUrl,
          SUPABASE_SERVICE_ROLE_KEY: serviceKey,
        },
        quiet,
      );

    it('createHandler forwards a replayed event id once, the id kept in Postgres', async () => {
      const handler = handlerWith(standin.url, standin.config.serviceRoleKey);
      const body = event();
      const first = await handler(request('https://project.supabase.co/functions/v1/track-conversion', body));
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ forwarded: true, event_id: body.event_id });
      expect(await stored(body.event_id)).toBe(1);
      // A second instance (another isolate) sees the same record.
      const replay = await handlerWith(standin.url, standin.config.serviceRoleKey)(request('https://project.supabase.co/functions/v1/track-conversion', body));
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ forwarded: false, duplicate: true, event_id: body.event_id });
      expect(graph.accepted.map((entry) => entry.event.event_id)).toEqual([body.event_id]);
    });

    it('releases the id of an event Meta refused, so the retry is forwarded', async () => {
      const handler = handlerWith(standin.url, standin.config.serviceRoleKey);
      const body = event();
      graph.failNext(400);
      const refused = await handler(request('https://project.supabase.co/functions/v1/track-conversion', body));
      expect(refused.status).toBe(502);
      expect(await stored(body.event_id)).toBe(0);
      const retry = await handler(request('https://project.supabase.co/functions/v1/track-conversion', body));
      expect(retry.status).toBe(200);
      expect(graph.accepted.map((entry) => entry.event.event_id)).toEqual([body.event_id]);
    });

    it('answers 503 and forwards nothing when the store is unreachable or refuses the key', async () => {
      const closed = await startFakeGraph({ port: 0 });
      const closedUrl = closed.url;
      await closed.close();
      for (const handler of [handlerWith(closedUrl, standin.config.serviceRoleKey), handlerWith(standin.url, standin.config.anonKey)]) {
        const response = await handler(request('https://project.supabase.co/functions/v1/track-conversion', event()));
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ error: 'the event-id store is unavailable: the event was not forwarded, try again later' });
      }
      expect(graph.requests).toHaveLength(0);
    });

    it("the stand-in's own function keeps the ids in its PGlite through its PostgREST", async () => {
      const body = event();
      const post = () =>
        fetch(`${standin.url}/functions/v1/track-conversion`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SITE },
          body: JSON.stringify(body),
        });
      const first = await post();
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ forwarded: true, event_id: body.event_id });
      expect(await stored(body.event_id)).toBe(1);
      const replay = await post();
      expect(await replay.json()).toEqual({ forwarded: false, duplicate: true, event_id: body.event_id });
      expect(graph.accepted.map((entry) => entry.event.event_id)).toEqual([body.event_id]);
    });
  });
});
