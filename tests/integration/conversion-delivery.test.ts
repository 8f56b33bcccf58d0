/**
 * Conversions through the local stand-in as on Supabase: the track-conversion function behind
 * the gateway (which appends the caller's address to X-Forwarded-For), the ledger in PGlite,
 * deliver-conversions as Supabase Cron calls it, the admin's report and test event, against a
 * fake Graph API that can be down or refuse the token.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_ORIGIN } from '../../src/lib/dev-origin.ts';
import { startFakeGraph } from '../../tools/tracking/fake-graph.mjs';
import type { Standin } from '../../supabase/local/server.ts';
import { ADMIN, MEMBER, accessTokenOf, signedIn, startTestStandin } from '../support/standin.ts';

const PORT = Number(process.env.DELIVERY_TEST_PORT ?? 4790);
const SITE = DEV_ORIGIN;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let standin: Standin;

const event = (id: string, campaign = 'spring') => ({
  ads_consent: 'granted',
  event_name: 'Lead',
  event_id: id,
  event_time: Math.floor(Date.now() / 1000) - 5,
  event_source_url: `${SITE}/thank-you/resource`,
  user_data: { client_user_agent: 'Mozilla/5.0 test' },
  custom_data: { conversion_type: 'resource_registration', utm_source: 'ig', utm_campaign: campaign },
});

// Each call from its own client (198.18.0.0/15, the benchmarking range), unless a test names one:
// the rate limit (30 a minute per client) is not what these tests are about.
let clients = 0;
const track = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${standin.url}/functions/v1/track-conversion`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: standin.config.anonKey,
      origin: SITE,
      'x-forwarded-for': `198.18.${(clients >> 8) & 255}.${clients++ & 255}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });

const deliver = (key = standin.config.serviceRoleKey) =>
  fetch(`${standin.url}/functions/v1/deliver-conversions`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: '{}' });

/** Makes every pending event due now (the schedule's wait is tested in the unit tests). */
const dueNow = () => standin.db.query("update public.conversions set next_attempt_at = now() where state = 'pending'");
const state = async (id: string) => (await standin.db.query<{ state: string }>('select state from public.conversions where event_id = $1', [id])).rows[0]?.state;
const accepted = (ids: string[]) => graph.accepted.filter((entry) => ids.includes(entry.event.event_id)).length;
const eventually = (check: () => unknown) => expect.poll(check, { timeout: 15_000, interval: 100 });
/** Waits until the endpoint's own attempt at each (after its answer) has been settled as refused for now. */
const triedOnce = (ids: string[]) =>
  eventually(
    async () => (await standin.db.query('select 1 from public.conversions where event_id = any($1) and last_error_message is not null', [ids])).rows.length,
  ).toBe(ids.length);

beforeAll(async () => {
  graph = await startFakeGraph({ port: PORT });
  standin = await startTestStandin(PORT + 1, {}, { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'token', META_GRAPH_URL: graph.url, STANDIN_DELIVERY_INTERVAL_MS: '0' });
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await standin?.close();
  await graph?.close();
});
beforeEach(() => graph.reset());

describe('the client IP behind the gateway', () => {
  it('is the address the gateway saw: made-up X-Forwarded-For entries neither escape the limit nor reach Meta', async () => {
    // A stand-in of its own: its function instance has a fresh rate limit.
    const own = await startTestStandin(
      PORT + 2,
      {},
      { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'token', META_GRAPH_URL: graph.url, STANDIN_DELIVERY_INTERVAL_MS: '0' },
    );
    const post = (body: unknown, headers: Record<string, string>) =>
      fetch(`${own.url}/functions/v1/track-conversion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: own.config.anonKey, origin: SITE, ...headers },
        body: JSON.stringify(body),
      });
    const ids = Array.from({ length: 40 }, (_, i) => `lead.xff-${Date.now()}-${i}`);
    const statuses = [];
    for (const [i, id] of ids.entries()) statuses.push((await post(event(id, 'xff'), { 'x-forwarded-for': `198.51.100.${i + 1}` })).status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    await eventually(() => graph.accepted.length).toBe(30);
    expect(new Set(graph.accepted.map((entry) => entry.event.user_data.client_ip_address))).toEqual(new Set(['127.0.0.1']));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await own.close();
  });
});

describe('deliver-conversions', () => {
  it('runs only for the scheduler', async () => {
    expect((await deliver('wrong')).status).toBe(401);
    expect((await deliver(standin.config.anonKey)).status).toBe(401);
    const run = await deliver();
    expect(run.status).toBe(200);
    expect(await run.json()).toMatchObject({ configured: true, delivered: 0 });
  });

  it('delivers what an outage left pending once Meta is back, each event once', async () => {
    graph.setMode('down');
    const ids = Array.from({ length: 6 }, (_, i) => `lead.outage-${Date.now()}-${i}`);
    for (const id of ids) expect((await track(event(id), { 'x-forwarded-for': '203.0.113.1' })).status).not.toBe(429);
    await triedOnce(ids);
    await dueNow();
    expect(await (await deliver()).json()).toMatchObject({ delivered: 0, stopped: 'outage' });
    expect(await state(ids[0]!)).toBe('pending');
    graph.setMode('up');
    await dueNow();
    expect(await (await deliver()).json()).toMatchObject({ delivered: ids.length, stopped: null });
    expect(accepted(ids)).toBe(ids.length);
    expect(
      graph.accepted
        .filter((entry) => ids.includes(entry.event.event_id))
        .map((entry) => entry.event.event_id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('pauses on a refused token, shows the problem to the admin, and delivers everything once Meta accepts again', async () => {
    graph.setMode('token');
    const ids = Array.from({ length: 3 }, (_, i) => `lead.token-${Date.now()}-${i}`);
    for (const id of ids) await track(event(id, 'token-test'));
    await triedOnce(ids);
    await dueNow();
    expect(await (await deliver()).json()).toMatchObject({ stopped: 'token', problem: { code: 190 } });
    const admin = await signedIn(standin, ADMIN.email, ADMIN.password);
    const { data: report, error } = await admin.rpc('conversion_report', { p_days: 7 });
    expect(error).toBeNull();
    expect(report.status).toMatchObject({ paused: true, problem_code: 190, api_version: 'v25.0' });
    expect(report.status.problem_message).toMatch(/access token/);
    expect(await state(ids[0]!)).toBe('pending');
    graph.setMode('up');
    await dueNow();
    expect(await (await deliver()).json()).toMatchObject({ stopped: null });
    expect(accepted(ids)).toBe(3);
    const after = await admin.rpc('conversion_report', { p_days: 7 });
    expect(after.data.status).toMatchObject({ paused: false });
    expect(after.data.by_campaign).toEqual(expect.arrayContaining([{ source: 'ig', campaign: 'token-test', type: 'resource_registration', n: 3 }]));
  });
});

describe('conversions-test-event', () => {
  it("tells the admin how Meta is configured, and sends a test event with the admin's code", async () => {
    const admin = await signedIn(standin, ADMIN.email, ADMIN.password);
    const config = await admin.functions.invoke('conversions-test-event', { method: 'GET' });
    expect(config.data).toEqual({ configured: true, missing: [], api_version: 'v25.0', test_event_code_set: false, local_graph: true });
    const sent = await admin.functions.invoke('conversions-test-event', { body: { test_event_code: 'TEST123' } });
    expect(sent.data).toMatchObject({ ok: true, events_received: 1, test_event_code: 'TEST123' });
    expect(graph.accepted.at(-1)).toMatchObject({ testEventCode: 'TEST123', event: { custom_data: { event_source: 'admin_test' } } });
    // The page URL is the stand-in's site (STANDIN_SITE_URL), not the caller's Origin.
    await admin.functions.invoke('conversions-test-event', { body: { test_event_code: 'TEST123' }, headers: { origin: 'https://evil.test' } });
    expect(graph.accepted.at(-1)?.event.event_source_url).toBe(`${standin.config.siteUrl}/thank-you`);
    graph.setMode('token');
    const refused = await admin.functions.invoke('conversions-test-event', { body: { test_event_code: 'TEST123' } });
    expect(refused.data).toMatchObject({ ok: false, code: 190 });
  });

  it('is for admins only', async () => {
    const member = await signedIn(standin, MEMBER.email, MEMBER.password);
    const { error } = await member.functions.invoke('conversions-test-event', { method: 'GET' });
    expect((error as { context?: Response }).context?.status).toBe(403);
  });
});

describe("the admin's reading of the ledger over REST", () => {
  it('gives every column of a pending event but meta_event (the visitor’s IP, user agent, fbc, fbp): only the service role reads it', async () => {
    graph.setMode('down');
    const id = `lead.private-${Date.now()}`;
    expect((await track(event(id))).status).toBe(202);
    await eventually(() => graph.requests.length).toBe(1);
    expect(await state(id)).toBe('pending');
    graph.setMode('up');
    const read = (query: string, token: string, key = standin.config.anonKey) =>
      fetch(`${standin.url}/rest/v1/conversions?${query}`, { headers: { apikey: key, authorization: `Bearer ${token}` } });
    const admin = await accessTokenOf(standin, ADMIN);
    for (const query of [`select=meta_event&event_id=eq.${id}`, `select=*&event_id=eq.${id}`, `select=event_id&meta_event=is.null`]) {
      const refused = await read(query, admin);
      expect(refused.status, query).toBe(403);
      expect(await refused.json()).toMatchObject({ code: '42501', message: 'permission denied for table conversions' });
    }
    const allowed = await read(`select=event_id,state,consented,utm_campaign,admin_visit&event_id=eq.${id}`, admin);
    expect(await allowed.json()).toEqual([{ event_id: id, state: 'pending', consented: true, utm_campaign: 'spring', admin_visit: false }]);
    const service = await read(`select=meta_event&event_id=eq.${id}`, standin.config.serviceRoleKey, standin.config.serviceRoleKey);
    expect(await service.json()).toMatchObject([{ meta_event: { user_data: { client_ip_address: '127.0.0.1', client_user_agent: 'Mozilla/5.0 test' } } }]);
  });
});
