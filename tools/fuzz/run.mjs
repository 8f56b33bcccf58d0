/**
 * Fuzz of every function input path, against the real runtimes on 127.0.0.1:
 *  - POST /api/track-conversion (Cloudflare Pages Function, `wrangler pages dev`);
 *  - the track-conversion Edge Function served by Deno;
 *  - /functions/v1/track-conversion and /functions/v1/ghl-* on the local stand-in.
 * The upstreams are fakes that count requests (Meta's Graph API, GoHighLevel). Every case must
 * be answered 4xx with a JSON error (`error`, or the platform's `message`), never 5xx, and
 * nothing may reach an upstream. A valid request to each path is sent first, to prove it
 * would have been forwarded.
 */
import { DEV_ORIGIN } from '../../src/lib/dev-origin.ts';
import { startFakeGraph } from '../tracking/fake-graph.mjs';
import { startDenoFunction } from '../tracking/deno-function.mjs';
import { validEvent } from '../tracking/payloads.mjs';
import { startPagesDev } from '../tracking/wrangler-pages.mjs';
import { badTokens, ghlCases, GHL_VALID, trackCases } from './cases.mjs';
import { signIn, startCountingUpstream, startKeyedStandin } from './servers.mjs';

const GHL_FUNCTIONS = Object.keys(GHL_VALID);

/** Sends one case; resolves to { status, text }. */
async function send(url, item, token) {
  const headers = {};
  if (item.type) headers['content-type'] = item.type;
  if (token) headers.authorization = `Bearer ${token}`;
  if (item.apikey) headers.apikey = item.apikey;
  // The tracking endpoints take requests from the site's own pages only: the browser's Origin.
  if (item.origin) headers.origin = item.origin;
  const init = { method: item.method, headers };
  if (item.body !== undefined) {
    init.body = item.body;
    if (item.body instanceof ReadableStream) init.duplex = 'half';
  }
  try {
    const response = await fetch(url, init);
    return { status: response.status, text: await response.text() };
  } catch (error) {
    return { status: 'network', text: String(error) };
  }
}

/** A clear JSON error: `{ "error": "..." }`, or the platform gateway's `{ "message": "..." }`. */
export function isJsonError(text) {
  try {
    const body = JSON.parse(text);
    return typeof body?.error === 'string' || typeof body?.message === 'string';
  } catch {
    return false;
  }
}

async function fuzzPath(label, url, cases, upstream, { token, apikey, origin } = {}) {
  const before = upstream.requests.length;
  const byStatus = new Map();
  const wrong = [];
  for (const item of cases) {
    const { status, text } = await send(url, { ...item, apikey, origin }, item.token === undefined ? token : item.token);
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const ok = typeof status === 'number' && status >= 400 && status < 500 && isJsonError(text);
    if (!ok) wrong.push(`${item.name} → ${status} ${text.slice(0, 100)}`);
  }
  return { label, sent: cases.length, refused: cases.length - wrong.length, byStatus, forwarded: upstream.requests.length - before, wrong };
}

const sample = (cases, every) => cases.filter((_, index) => index % every === 0);

/**
 * Runs the whole fuzz. `ports`: graph, ghl, pages, deno, standin. `every` keeps every n-th
 * case (1 = all). Returns one summary per input path and the sanity checks.
 */
export async function runFunctionFuzz({ ports, every = 1, log = () => {} }) {
  const stops = [];
  try {
    const graph = await startFakeGraph({ port: ports.graph });
    stops.push(() => graph.close());
    const ghl = await startCountingUpstream(ports.ghl);
    stops.push(() => ghl.close());
    // The site's origin for the cross-origin paths (the Edge Function lists it; the stand-in takes
    // any local origin); no rate limit in the way of the fuzz's hundreds of requests.
    const site = DEV_ORIGIN;
    const meta = { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'fuzz-capi-token', META_GRAPH_URL: graph.url, TRACK_RATE_LIMIT: '100000' };
    log('starting the stand-in, wrangler pages dev and Deno…');
    const { standin, jwtSecret, anonKey, serviceKey } = await startKeyedStandin(ports.standin, {
      ...meta,
      GHL_API_BASE: ghl.url,
      GHL_API_TOKEN: 'fuzz-ghl-token',
    });
    stops.push(() => standin.stop());
    // Every endpoint records in the stand-in's ledger.
    const ledger = { SUPABASE_URL: standin.url, SUPABASE_SERVICE_ROLE_KEY: serviceKey };
    const pages = await startPagesDev({ port: ports.pages, vars: { ...meta, ...ledger } });
    stops.push(() => pages.stop());
    const deno = await startDenoFunction({ port: ports.deno, vars: { ...meta, ...ledger, ALLOWED_ORIGINS: site } });
    stops.push(() => deno.stop());
    const admin = await signIn(standin.url, anonKey, 'admin@example.com', 'admin-password');
    const member = await signIn(standin.url, anonKey, 'member@example.com', 'member-password');
    const tokens = await badTokens({ jwtSecret, anonKey, adminId: admin.userId });

    const tracking = [
      ['POST /api/track-conversion (Pages, wrangler)', `${pages.url}/api/track-conversion`, { origin: pages.url }],
      ['track-conversion (Edge Function, Deno)', deno.url, { origin: site }],
      ['/functions/v1/track-conversion (stand-in)', `${standin.url}/functions/v1/track-conversion`, { apikey: anonKey, token: anonKey, origin: site }],
    ];
    // Sanity: a valid request on each path is recorded and reaches its upstream (after the answer).
    const sanity = [];
    for (const [label, url, auth] of tracking) {
      const before = graph.accepted.length;
      const { status } = await send(
        url,
        {
          method: 'POST',
          type: 'application/json',
          body: JSON.stringify(validEvent(`fuzz.sanity.${sanity.length}`, undefined, `${auth.origin}/thank-you`)),
          apikey: auth.apikey,
          origin: auth.origin,
        },
        auth.token,
      );
      for (let i = 0; i < 100 && graph.accepted.length === before; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      sanity.push({ label, status, forwarded: graph.accepted.length - before });
    }
    for (const name of GHL_FUNCTIONS) {
      const before = ghl.requests.length;
      const { status } = await send(
        `${standin.url}/functions/v1/${name}`,
        { method: 'POST', type: 'application/json', body: JSON.stringify(GHL_VALID[name]), apikey: anonKey },
        admin.token,
      );
      sanity.push({ label: `/functions/v1/${name} (stand-in)`, status, forwarded: ghl.requests.length - before });
    }

    const results = [];
    for (const [label, url, auth] of tracking) {
      results.push(await fuzzPath(label, url, sample(trackCases(), every), graph, auth));
    }
    for (const name of GHL_FUNCTIONS) {
      const cases = sample(ghlCases(name, tokens, { admin: admin.token, member: member.token }), every);
      results.push(await fuzzPath(`/functions/v1/${name} (stand-in)`, `${standin.url}/functions/v1/${name}`, cases, ghl, { apikey: anonKey }));
    }
    return { results, sanity };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

export function report({ results, sanity }) {
  const lines = [];
  const pad = (text, width) => String(text).padEnd(width);
  lines.push('sanity (a valid request is forwarded):');
  for (const check of sanity) lines.push(`  ${pad(check.label, 52)} ${check.status}, forwarded ${check.forwarded}`);
  lines.push('');
  lines.push(`${pad('input path', 52)} ${pad('sent', 6)} ${pad('4xx+JSON', 9)} ${pad('5xx', 5)} ${pad('upstream', 9)} statuses`);
  for (const result of results) {
    const fivexx = [...result.byStatus].filter(([status]) => typeof status === 'number' && status >= 500).reduce((sum, [, n]) => sum + n, 0);
    const statuses = [...result.byStatus]
      .sort()
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    lines.push(`${pad(result.label, 52)} ${pad(result.sent, 6)} ${pad(result.refused, 9)} ${pad(fivexx, 5)} ${pad(result.forwarded, 9)} ${statuses}`);
  }
  const total = results.reduce((sum, result) => sum + result.sent, 0);
  const refused = results.reduce((sum, result) => sum + result.refused, 0);
  const forwarded = results.reduce((sum, result) => sum + result.forwarded, 0);
  lines.push(`${pad('total', 52)} ${pad(total, 6)} ${pad(refused, 9)} ${pad('', 5)} ${pad(forwarded, 9)}`);
  for (const result of results) for (const line of result.wrong.slice(0, 10)) lines.push(`  not refused (${result.label}): ${line}`);
  const passed = refused === total && forwarded === 0 && sanity.every((check) => (check.status === 200 || check.status === 202) && check.forwarded === 1);
  return { text: lines.join('\n'), passed, total, refused, forwarded };
}
