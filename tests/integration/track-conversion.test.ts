/**
 * The track-conversion endpoint in its real runtimes against a fake Graph API on 127.0.0.1:
 * the Cloudflare Pages Function under `wrangler pages dev` (workerd) and under `npm run dev`
 * (astro dev, src/integrations/dev-functions.ts), and the Supabase Edge Function served by Deno.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGraph } from '../../tools/tracking/fake-graph.mjs';
import { startPagesDev } from '../../tools/tracking/wrangler-pages.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const deno = `${root}node_modules/.bin/deno`;
const functionsDir = `${root}supabase/functions`;
const GRAPH_PORT = Number(process.env.TRACKING_TEST_PORT ?? 4710);

type Graph = Awaited<ReturnType<typeof startFakeGraph>>;
let graph: Graph;

const event = (over: Record<string, unknown> = {}) => ({
  event_name: 'Lead',
  event_id: `lead.${crypto.randomUUID()}`,
  event_time: Math.floor(Date.now() / 1000) - 2,
  action_source: 'website',
  event_source_url: 'https://kaylareyes.coach/thank-you',
  user_data: { client_ip_address: null, client_user_agent: 'Mozilla/5.0 test', fbc: 'fb.1.1700000000000.F1', fbp: null },
  custom_data: { event_source: 'website', conversion_type: 'lead_form', utm_source: 'ig', gclid: null },
  ...over,
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const vars = (graphUrl: string) => ({
  META_PIXEL_ID: '1234567890',
  META_CAPI_TOKEN: 'test-token',
  META_TEST_EVENT_CODE: 'TEST42',
  META_GRAPH_URL: graphUrl,
  META_API_VERSION: 'v25.0',
});

/** The behaviour both adapters must show. */
function endpointContract(endpoint: () => string) {
  it('forwards a valid event once, with the client IP from the request', async () => {
    const body = event();
    const response = await post(endpoint(), body, { 'x-forwarded-for': '203.0.113.5' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ forwarded: true, event_id: body.event_id, events_received: 1 });
    expect(graph.accepted).toHaveLength(1);
    const [received] = graph.accepted;
    expect(received!.path).toBe('/v25.0/1234567890/events');
    expect(received!.testEventCode).toBe('TEST42');
    expect(received!.event).toMatchObject({ event_id: body.event_id, user_data: { client_user_agent: 'Mozilla/5.0 test' } });
    expect(received!.event.user_data.client_ip_address).toMatch(/^(203\.0\.113\.5|127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
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
  afterAll(async () => {
    await server?.stop();
  });

  endpointContract(() => `${server.url}/api/track-conversion`);

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

  endpointContract(() => `${url}/api/track-conversion`);

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
      env: { ...process.env, ...vars(graph.url), DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`, NO_COLOR: '1' },
      stdio: 'ignore',
    });
    for (let i = 0; i < 120; i += 1) {
      try {
        await fetch(url, { method: 'OPTIONS' });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    throw new Error('the Deno function did not start');
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

  endpointContract(() => url);
});
