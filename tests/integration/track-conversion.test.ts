/**
 * The track-conversion endpoint in its real runtimes against a fake Graph API on 127.0.0.1:
 * the Cloudflare Pages Function under `wrangler pages dev` (workerd) and under `npm run dev`
 * (astro dev, src/integrations/dev-functions.ts), and the Supabase Edge Function served by Deno.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendChunked } from '../../tools/tracking/big-body.mjs';
import { startFakeGraph } from '../../tools/tracking/fake-graph.mjs';
import { startPagesDev } from '../../tools/tracking/wrangler-pages.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const deno = `${root}node_modules/.bin/deno`;
const functionsDir = `${root}supabase/functions`;
const GRAPH_PORT = Number(process.env.TRACKING_TEST_PORT ?? 4710);

type Graph = Awaited<ReturnType<typeof startFakeGraph>>;
let graph: Graph;

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
  custom_data: { event_source: 'website', conversion_type: 'lead_form', utm_source: 'ig', gclid: null },
  ...over,
});

/** A post from the site's own page (its Origin), unless the headers say otherwise. */
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: site, ...headers }, body: JSON.stringify(body) });

const SITE_FOR_DENO = 'http://127.0.0.1:4321';

const vars = (graphUrl: string) => ({
  META_PIXEL_ID: '1234567890',
  META_CAPI_TOKEN: 'test-token',
  META_TEST_EVENT_CODE: 'TEST42',
  META_GRAPH_URL: graphUrl,
  META_API_VERSION: 'v25.0',
});

/** The behaviour both adapters must show; `ipHeader` is the platform's client IP header. */
function endpointContract(endpoint: () => string, ipHeader: 'cf-connecting-ip' | 'x-forwarded-for') {
  it('forwards a valid event once, with the client IP from the platform header, not the body', async () => {
    const body = event({ user_data: { client_ip_address: '192.0.2.99', client_user_agent: 'Mozilla/5.0 test' } });
    const response = await post(endpoint(), body, { [ipHeader]: '203.0.113.5' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ forwarded: true, event_id: body.event_id, events_received: 1 });
    expect(graph.accepted).toHaveLength(1);
    const [received] = graph.accepted;
    expect(received!.path).toBe('/v25.0/1234567890/events');
    expect(received!.testEventCode).toBe('TEST42');
    expect(received!.event).toMatchObject({ event_id: body.event_id, user_data: { client_user_agent: 'Mozilla/5.0 test' } });
    expect(received!.event.user_data.client_ip_address).toBe('203.0.113.5');
    expect(graph.requests[0]!.query).toEqual({ access_token: 'test-token' });
  });

  it('retries a 503 and a reset, then succeeds', async () => {
    graph.failNext(503, 'reset');
    const response = await post(endpoint(), event());
    expect(response.status).toBe(200);
    expect(graph.requests.map((request) => request.outcome)).toEqual([503, 'reset', 200]);
    expect(graph.accepted).toHaveLength(1);
  });

  it('does not retry a 400 from Meta', async () => {
    graph.failNext(400);
    const response = await post(endpoint(), event());
    expect(response.status).toBe(502);
    expect(graph.requests).toHaveLength(1);
  });

  it('refuses a bad event with a 4xx naming the field, forwarding nothing', async () => {
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

  it('refuses an event without consent, or from a browser sending Global Privacy Control, with 403', async () => {
    const denied = await post(endpoint(), event({ ads_consent: 'denied' }));
    expect(denied.status).toBe(403);
    expect((await denied.json()).error).toMatch(/^ads_consent is "denied"/);
    const gpc = await post(endpoint(), event(), { 'sec-gpc': '1' });
    expect(gpc.status).toBe(403);
    expect(await gpc.json()).toEqual({ error: 'the browser sends Global Privacy Control (Sec-GPC: 1): the event is not forwarded' });
    expect(graph.requests).toHaveLength(0);
  });

  it('refuses an event_source_url off the site with 400', async () => {
    const response = await post(endpoint(), event({ event_source_url: 'https://evil.test/thank-you' }));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/^event_source_url must be a page of this site/);
    expect(graph.requests).toHaveLength(0);
  });

  it('forwards a replayed event_id once', async () => {
    const body = event();
    const first = await post(endpoint(), body);
    const replay = await post(endpoint(), body);
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ forwarded: false, duplicate: true, event_id: body.event_id });
    expect(graph.accepted.map((entry) => entry.event.event_id)).toEqual([body.event_id]);
  });

  it('refuses a chunked body of several MB with 413', async () => {
    const result = await sendChunked(endpoint(), { bytes: 8 * 1024 * 1024, headers: { origin: site } });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ error: 'body must be at most 16384 bytes' });
    expect(graph.requests).toHaveLength(0);
  });
}

/** 150 events at once from one client: the limit's worth forwarded, every other one 429. */
function burstContract(endpoint: () => string, ipHeader: 'cf-connecting-ip' | 'x-forwarded-for', limit = 30) {
  it(`answers 429 with Retry-After to a burst of 150 beyond ${limit}, forwarding none of those`, async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const responses = await Promise.all(Array.from({ length: 150 }, () => post(endpoint(), event(), { [ipHeader]: ip })));
    const statuses = responses.map((response) => response.status);
    const limited = responses.filter((response) => response.status === 429);
    console.log(`burst of 150: ${statuses.filter((status) => status === 200).length} × 200, ${limited.length} × 429, ${graph.accepted.length} forwarded`);
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(limited).toHaveLength(150 - limit);
    expect(limited.every((response) => Number(response.headers.get('retry-after')) > 0)).toBe(true);
    expect(await limited[0]!.json()).toEqual({ error: 'too many events from this client: try again later' });
    expect(graph.accepted).toHaveLength(limit);
  });
}

beforeAll(async () => {
  graph = await startFakeGraph({ port: GRAPH_PORT });
});
afterAll(async () => {
  await graph?.close();
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
  burstContract(() => `${server.url}/api/track-conversion`, 'cf-connecting-ip');

  it('answers 405 to GET', async () => {
    const response = await fetch(`${server.url}/api/track-conversion`);
    expect(response.status).toBe(405);
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
    const env = { ...shell, ...vars(graph.url), PUBLIC_SUPABASE_URL: `http://127.0.0.1:${GRAPH_PORT + 4}` };
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

  endpointContract(() => `${url}/api/track-conversion`, 'cf-connecting-ip');

  it('answers 405 to GET, and the pages as before', async () => {
    expect((await fetch(`${url}/api/track-conversion`)).status).toBe(405);
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
    const response = await fetch(url, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:4321' } });
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
  burstContract(() => url, 'x-forwarded-for');
});
