/**
 * The track-conversion endpoint in its real runtimes against a fake Graph API on 127.0.0.1 and
 * a ledger in the local stand-in (PGlite behind its PostgREST): the Cloudflare Pages Function
 * under `wrangler pages dev` (workerd) and under `npm run dev` (astro dev,
 * src/integrations/dev-functions.ts, with its own stand-in), and the Supabase Edge Function
 * served by Deno.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_ORIGIN } from '../../src/lib/dev-origin.ts';
import { sendChunked } from '../../tools/tracking/big-body.mjs';
import { startFakeGraph } from '../../tools/tracking/fake-graph.mjs';
import { startFakeGoogle } from '../support/fake-google.mjs';
import { startPagesDev } from '../../tools/tracking/wrangler-pages.mjs';
import type { Standin } from '../../supabase/local/server.ts';
import { startTestStandin } from '../support/standin.ts';
import { adminVisitContract, type OwnVisitEndpoint } from '../support/track-admin-visit-contract.ts';
import { burstContract, type BurstEndpoint } from '../support/track-burst-contract.ts';
import { googleContract, type GoogleEndpoint } from '../support/track-google-contract.ts';
import { inputContract, subnetContract, type EndpointUnderTest } from '../support/track-input-contract.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const deno = `${root}node_modules/.bin/deno`;
const functionsDir = `${root}supabase/functions`;
const GRAPH_PORT = Number(process.env.TRACKING_TEST_PORT ?? 4710);

let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
/** The ledger of the wrangler and Deno runs (`npm run dev` starts its own stand-in). */
let standin: Standin;

type Row = Record<string, unknown>;
const rows = async (eventId: string): Promise<Row[]> => (await standin.db.query<Row>('select * from public.conversions where event_id = $1', [eventId])).rows;
const accepted = (eventId: string) => graph.accepted.filter((entry) => entry.event.event_id === eventId);
/** Waits for the work the endpoint does after answering. */
const eventually = (check: () => unknown) => expect.poll(check, { timeout: 15_000, interval: 100 });

/** The site the events come from: set per describe (the server's own origin, or ALLOWED_ORIGINS). */
let site = '';

const event = (over: Record<string, unknown> = {}) => ({
  ads_consent: 'granted',
  event_name: 'Lead',
  event_id: `lead.${crypto.randomUUID()}`,
  event_time: Math.floor(Date.now() / 1000) - 2,
  action_source: 'website',
  event_source_url: `${site}/thank-you`,
  user_data: { client_ip_address: null, client_user_agent: 'Mozilla/5.0 test', fbc: 'fb.1.1700000000000.F1', fbp: null },
  custom_data: { event_source: 'website', conversion_type: 'lead_form', utm_source: 'ig' },
  google_click: { kind: 'gclid', id: 'Cj0KCQ-test_click', click_time: Math.floor(Date.now() / 1000) - 60 },
  ...over,
});

/** A post from the site's own page (its Origin), unless the headers say otherwise. */
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: site, ...headers }, body: JSON.stringify(body) });

const SITE_FOR_DENO = DEV_ORIGIN;
const meta = (graphUrl: string) => ({
  META_PIXEL_ID: '1234567890',
  META_CAPI_TOKEN: 'test-token',
  META_TEST_EVENT_CODE: 'TEST42',
  META_GRAPH_URL: graphUrl,
  META_API_VERSION: 'v25.0',
});
const googleAds = () => ({ ...google.env(), GOOGLE_ADS_DELAY_MINUTES: '0' });
const vars = (graphUrl: string) => ({ ...meta(graphUrl), ...googleAds(), SUPABASE_URL: standin.url, SUPABASE_SERVICE_ROLE_KEY: standin.config.serviceRoleKey });

/**
 * The behaviour every adapter must show; `ipHeader` is the platform's client IP header, `ledger`
 * whether the test can read the ledger's rows (not under `npm run dev`, which has its own).
 */
function endpointContract(endpoint: () => string, ipHeader: 'cf-connecting-ip' | 'x-forwarded-for', ledger = true) {
  it('records a valid event, answers 202, and Meta gets it once with the client IP from the platform header, not the body', async () => {
    const body = event({ user_data: { client_ip_address: '192.0.2.99', client_user_agent: 'Mozilla/5.0 test' } });
    const response = await post(endpoint(), body, { [ipHeader]: '203.0.113.5' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ recorded: true, event_id: body.event_id });
    await eventually(() => accepted(body.event_id).length).toBe(1);
    const [received] = accepted(body.event_id);
    expect(received!.path).toBe('/v25.0/1234567890/events');
    expect(received!.testEventCode).toBe('TEST42');
    expect(received!.event).toMatchObject({ event_id: body.event_id, user_data: { client_user_agent: 'Mozilla/5.0 test', client_ip_address: '203.0.113.5' } });
    // Google's click is for Google alone.
    expect(JSON.stringify(received!.event)).not.toMatch(/Cj0KCQ-test_click|google_click|gclid/);
    expect(graph.requests[0]!.query).toEqual({ access_token: 'test-token' });
    if (ledger) await eventually(async () => (await rows(body.event_id))[0]?.state).toBe('delivered');
  });

  it('answers 202 while Meta is down; the event waits in the ledger with its error', async () => {
    graph.failNext(503);
    const body = event();
    const response = await post(endpoint(), body);
    expect(response.status).toBe(202);
    await eventually(() => graph.requests.length).toBe(1);
    expect(accepted(body.event_id)).toHaveLength(0);
    if (ledger) {
      await eventually(async () => (await rows(body.event_id))[0]?.last_error_message).toBe('fake failure 503');
      expect((await rows(body.event_id))[0]).toMatchObject({ state: 'pending', attempts: 1 });
    }
  });

  it('keeps a refused event as failed, and tells the caller only that it is recorded', async () => {
    graph.failNext(400);
    const body = event();
    const response = await post(endpoint(), body);
    expect(await response.json()).toEqual({ recorded: true, event_id: body.event_id });
    await eventually(() => graph.requests.length).toBe(1);
    if (ledger) await eventually(async () => (await rows(body.event_id))[0]?.state).toBe('failed');
  });

  it('refuses a bad event with a 4xx naming the field, recording and sending nothing', async () => {
    const response = await post(endpoint(), event({ event_time: 1 }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'event_time must be within the last 7 days' });
    expect(graph.requests).toHaveLength(0);
  });

  it('refuses a post without an Origin, or from another site, with 403', async () => {
    const bare = await fetch(endpoint(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event()) });
    expect(bare.status).toBe(403);
    expect(await bare.json()).toEqual({ error: 'the request has no Origin header: only the site itself may post' });
    const foreign = await post(endpoint(), event(), { origin: 'https://evil.test' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: 'origin https://evil.test is not allowed' });
    expect(graph.requests).toHaveLength(0);
  });

  it('counts an event without consent, or from a browser sending Global Privacy Control, without identifiers and never sends it', async () => {
    const denied = event({ ads_consent: 'denied', custom_data: { conversion_type: 'lead_form', utm_campaign: 'no-consent' } });
    const gpc = event();
    // The header sent twice arrives as `1, 1`: still a refusal.
    const gpcTwice = event();
    for (const [body, headers] of [
      [denied, {}],
      [gpc, { 'sec-gpc': '1' }],
      [gpcTwice, { 'sec-gpc': '1, 1' }],
    ] as const) {
      const response = await post(endpoint(), body, { [ipHeader]: '203.0.113.6', ...headers });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ recorded: true, event_id: body.event_id });
    }
    if (ledger) {
      expect((await rows(denied.event_id))[0]).toMatchObject({
        state: 'not_consented',
        consented: false,
        meta_event: null,
        utm_campaign: 'no-consent',
        had_fbclid: false,
      });
      expect((await rows(gpc.event_id))[0]).toMatchObject({ state: 'not_consented', meta_event: null });
      expect((await rows(gpcTwice.event_id))[0]).toMatchObject({ state: 'not_consented', meta_event: null });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(graph.requests).toHaveLength(0);
  });

  it('refuses an event_source_url off the site with 400', async () => {
    const response = await post(endpoint(), event({ event_source_url: 'https://evil.test/thank-you' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'event_source_url is not a page of this site: this page may not send conversions' });
    expect(graph.requests).toHaveLength(0);
  });

  it('sends Meta and the ledger the path and attribution parameters of a URL only', async () => {
    const body = event({
      event_source_url: `${site.replace('://', '://someone@')}/thank-you?email=ann%40example.com&phone=5551234&utm_campaign=spring&fbclid=F1`,
      custom_data: { conversion_type: 'lead_form', landing_page: `${site}/?name=Ann&utm_source=ig` },
    });
    expect((await post(endpoint(), body)).status).toBe(202);
    await eventually(() => accepted(body.event_id).length).toBe(1);
    const sent = accepted(body.event_id)[0]!.event;
    expect(sent.event_source_url).toBe(`${site}/thank-you?utm_campaign=spring&fbclid=F1`);
    expect(sent.custom_data.landing_page).toBe(`${site}/?utm_source=ig`);
    expect(JSON.stringify(graph.requests)).not.toMatch(/ann|5551234|someone/i);
    if (ledger) expect((await rows(body.event_id))[0]).toMatchObject({ page_path: '/thank-you', landing_path: '/', had_fbclid: true });
  });

  it('records and sends 20 concurrent copies of one event_id once', async () => {
    const body = event();
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => post(endpoint(), body)))).map((response) => response.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    await eventually(() => accepted(body.event_id).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(accepted(body.event_id)).toHaveLength(1);
    if (ledger) expect(await rows(body.event_id)).toHaveLength(1);
  });

  it('refuses a chunked body of several MB with 413', async () => {
    const result = await sendChunked(endpoint(), { bytes: 8 * 1024 * 1024, headers: { origin: site } });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ error: 'body must be at most 16384 bytes' });
    expect(graph.requests).toHaveLength(0);
  });
}

/** The endpoint for the /64 and bad-input contracts; the ledger goes down by losing its table. */
const underTest = (url: () => string, ipHeader: EndpointUnderTest['ipHeader']): EndpointUnderTest => ({
  url,
  ipHeader,
  post,
  event,
  site: () => site,
  acceptedCount: () => graph.accepted.length,
  recorded: async (eventId) => (await rows(eventId)).length === 1,
  ledgerOutage: async () => {
    await standin.db.query('alter table public.conversions rename to conversions_away');
    return async () => void (await standin.db.query('alter table public.conversions_away rename to conversions'));
  },
});

const burst = (url: () => string, ipHeader: EndpointUnderTest['ipHeader']): BurstEndpoint => ({
  ...underTest(url, ipHeader),
  metaAccepted: () => graph.accepted,
  deliverWaiting: async (ids) => {
    // Only those whose attempt has failed and been settled: a row being sent is leased, and stays so.
    const waiting = "state = 'pending' and last_error_message is not null and event_id = any($1)";
    await standin.db.query(`update public.conversions set next_attempt_at = now() where ${waiting}`, [ids]);
    const headers = { authorization: `Bearer ${standin.config.serviceRoleKey}` };
    await fetch(`${standin.url}/functions/v1/deliver-conversions`, { method: 'POST', headers, body: '{}' });
  },
});

const ownVisit = (url: () => string, ipHeader: EndpointUnderTest['ipHeader']): OwnVisitEndpoint & GoogleEndpoint => ({
  ...underTest(url, ipHeader),
  standin: () => standin,
  row: async (eventId) => (await rows(eventId))[0],
  accepted,
  googleAccepted: () => google.accepted,
});

beforeAll(async () => {
  graph = await startFakeGraph({ port: GRAPH_PORT });
  google = await startFakeGoogle({ port: GRAPH_PORT + 6 });
  // The delivery timer is off: the events here are delivered by the endpoints themselves.
  standin = await startTestStandin(GRAPH_PORT + 5, {}, { STANDIN_DELIVERY_INTERVAL_MS: '0', ...meta(graph.url) });
}, 60_000);
afterAll(async () => {
  // The endpoints' work after their last answers settles before the ledger closes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await graph?.close();
  await google?.close();
  await standin?.close();
});
beforeEach(() => graph.reset());

describe('Pages Function /api/track-conversion under wrangler pages dev', () => {
  let server: Awaited<ReturnType<typeof startPagesDev>>;
  beforeAll(async () => {
    server = await startPagesDev({ port: GRAPH_PORT + 1, vars: vars(graph.url) });
  }, 90_000);
  beforeEach(() => {
    site = server.url;
  });
  afterAll(async () => {
    await server?.stop();
  });

  endpointContract(() => `${server.url}/api/track-conversion`, 'cf-connecting-ip');
  burstContract(burst(() => `${server.url}/api/track-conversion`, 'cf-connecting-ip'));
  subnetContract(underTest(() => `${server.url}/api/track-conversion`, 'cf-connecting-ip'));
  inputContract(underTest(() => `${server.url}/api/track-conversion`, 'cf-connecting-ip'));
  adminVisitContract(ownVisit(() => `${server.url}/api/track-conversion`, 'cf-connecting-ip'));
  googleContract(ownVisit(() => `${server.url}/api/track-conversion`, 'cf-connecting-ip'));

  it('answers 405 to GET, with the security headers every /api answer carries', async () => {
    const response = await fetch(`${server.url}/api/track-conversion`);
    expect(response.status).toBe(405);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const health = await fetch(`${server.url}/api/health`);
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('Pages Function /api/track-conversion under npm run dev', () => {
  let child: ChildProcess;
  let output = '';
  const port = GRAPH_PORT + 3;
  const url = `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    // As a person runs it: without the test runner's variables (NODE_ENV=test, VITEST...), which
    // change how Astro's dev server answers. Its own stand-in port, not shared with another run.
    const shell = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
    // Its stand-in keeps nothing (not the developer's local data) and its delivery timer is off,
    // so only the endpoint sends (as in the other runs).
    const env = {
      ...shell,
      ...meta(graph.url),
      PUBLIC_SUPABASE_URL: `http://127.0.0.1:${GRAPH_PORT + 4}`,
      STANDIN_DATA_DIR: ':memory:',
      STANDIN_DELIVERY_INTERVAL_MS: '0',
    };
    child = spawn(process.execPath, ['tools/dev.mjs', '--port', String(port)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    for (let i = 0; i < 240; i += 1) {
      if (child.exitCode !== null) throw new Error(`npm run dev exited (${child.exitCode}):\n${output}`);
      // Ready when it serves both a page (after the first content sync) and a function.
      const ok = (path: string) =>
        fetch(`${url}${path}`).then(
          (response) => response.ok,
          () => false,
        );
      if ((await ok('/api/health')) && (await ok('/'))) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`npm run dev did not serve / and /api/health:\n${output}`);
  }, 90_000);
  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  beforeEach(() => {
    site = url;
  });

  endpointContract(() => `${url}/api/track-conversion`, 'cf-connecting-ip', false);

  it('answers 405 to GET with the security headers, and the pages as before', async () => {
    const refused = await fetch(`${url}/api/track-conversion`);
    expect(refused.status).toBe(405);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('START YOUR JOURNEY');
  });
});

describe('Supabase Edge Function track-conversion served by Deno', () => {
  let child: ChildProcess;
  const port = GRAPH_PORT + 2;
  const url = `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    child = spawn(deno, ['run', '--allow-net', '--allow-env', 'track-conversion/index.ts'], {
      cwd: functionsDir,
      // Called cross-origin by the site, which ALLOWED_ORIGINS names.
      env: { ...process.env, ...vars(graph.url), ALLOWED_ORIGINS: SITE_FOR_DENO, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    // Ready when this child listens: another process on the port would answer the probe instead.
    for (let i = 0; i < 120; i += 1) {
      if (child.exitCode !== null) throw new Error(`the Deno function exited (${child.exitCode}), is port ${port} taken?\n${output}`);
      if (output.includes('Listening on')) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the Deno function did not start:\n${output}`);
  }, 60_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('type-checks with deno check', () => {
    const result = spawnSync(deno, ['check', 'track-conversion/index.ts'], { cwd: functionsDir, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  });

  it('answers the CORS preflight as the contract says', async () => {
    const response = await fetch(url, { method: 'OPTIONS', headers: { origin: DEV_ORIGIN } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, x-client-info, apikey, content-type, x-retry-count');
  });

  beforeEach(() => {
    site = SITE_FOR_DENO;
  });

  it('refuses a post from its own origin when ALLOWED_ORIGINS names the site', async () => {
    const response = await post(url, event({ event_source_url: `${url}/thank-you` }), { origin: url });
    expect(response.status).toBe(403);
  });

  endpointContract(() => url, 'x-forwarded-for');
  burstContract(burst(() => url, 'x-forwarded-for'));
  subnetContract(underTest(() => url, 'x-forwarded-for'));
  inputContract(underTest(() => url, 'x-forwarded-for'));
  adminVisitContract(ownVisit(() => url, 'x-forwarded-for'));
  googleContract(ownVisit(() => url, 'x-forwarded-for'));
});
