/**
 * The whole conversions path on 127.0.0.1 for the tracking scripts: a fake Graph API, the local
 * stand-in (ledger, deliver-conversions timer) in its own process with this run's keys, the
 * Pages Function under `wrangler pages dev` and the Edge Function served by Deno, both recording
 * in the stand-in's ledger. Ports: base (graph), base+1 (stand-in), base+2 (Pages), base+3 (Deno);
 * with `google`, a fake Google Ads (base+4) every endpoint sends to at once (no wait after the click).
 */
import { signIn, startKeyedStandin } from '../fuzz/servers.mjs';
import { startDenoFunction } from './deno-function.mjs';
import { startFakeGraph } from './fake-graph.mjs';
import { startPagesDev } from './wrangler-pages.mjs';
import { startFakeGoogle } from '../../tests/support/fake-google.mjs';

export const SITE = 'https://kaylareyes.coach';

/** `intervalMs`: how often the stand-in runs the delivery (Supabase Cron: every minute); `random`: the fake's failures. */
export async function startLedgerStack({ base, intervalMs = 60_000, rateLimit = '1000000', random = Math.random, google: withGoogle = false }) {
  const stops = [];
  try {
    const graph = await startFakeGraph({ port: base, random });
    stops.push(() => graph.close());
    const google = withGoogle ? await startFakeGoogle({ port: base + 4 }) : null;
    if (google) stops.push(() => google.close());
    const meta = {
      META_PIXEL_ID: '1234567890',
      META_CAPI_TOKEN: 'stack-token',
      META_GRAPH_URL: graph.url,
      TRACK_RATE_LIMIT: rateLimit,
      ALLOWED_ORIGINS: SITE,
      ...(google ? { ...google.env(), GOOGLE_ADS_DELAY_MINUTES: '0' } : {}),
    };
    const { standin, anonKey, serviceKey } = await startKeyedStandin(base + 1, { ...meta, STANDIN_DELIVERY_INTERVAL_MS: String(intervalMs) });
    stops.push(() => standin.stop());
    const ledger = { SUPABASE_URL: standin.url, SUPABASE_SERVICE_ROLE_KEY: serviceKey };
    const pages = await startPagesDev({ port: base + 2, vars: { ...meta, ...ledger } });
    stops.push(() => pages.stop());
    const deno = await startDenoFunction({ port: base + 3, vars: { ...meta, ...ledger } });
    stops.push(() => deno.stop());
    const admin = await signIn(standin.url, anonKey, 'admin@example.com', 'admin-password');
    const rpc = async (name, args = {}, token = admin.token) => {
      const response = await fetch(`${standin.url}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
      if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? null : response.json();
    };
    return {
      graph,
      google,
      standin,
      serviceKey,
      endpoints: [`${pages.url}/api/track-conversion`, deno.url],
      /** The admin's view (the Conversions tab's own call). */
      report: (days = 7) => rpc('conversion_report', { p_days: days }),
      googleReport: (days = 7) => rpc('google_ads_report', { p_days: days }),
      /** Records as the endpoints do, with the service role (for a backlog). */
      record: (row) => rpc('record_conversion', { p_row: row }, serviceKey),
      stop: async () => {
        for (const stop of stops.reverse()) await stop().catch(() => {});
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    throw error;
  }
}

/** Posts `events` to the endpoints in turn, `concurrency` at a time: counts by status. */
export async function postAll(endpoints, events, concurrency = 10) {
  const statuses = new Map();
  let next = 0;
  const worker = async () => {
    while (next < events.length) {
      const index = next++;
      const response = await fetch(endpoints[index % endpoints.length], {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE },
        body: JSON.stringify(events[index]),
      }).catch(() => null);
      await response?.arrayBuffer();
      const status = response?.status ?? 'network';
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

/** How many of `ids` the fake accepted exactly once, never, and more than once. */
export function deliveryCounts(graph, ids) {
  const counts = new Map(ids.map((id) => [id, 0]));
  for (const { event } of graph.accepted) if (counts.has(event.event_id)) counts.set(event.event_id, counts.get(event.event_id) + 1);
  const values = [...counts.values()];
  return { once: values.filter((n) => n === 1).length, never: values.filter((n) => n === 0).length, twice: values.filter((n) => n > 1).length };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
