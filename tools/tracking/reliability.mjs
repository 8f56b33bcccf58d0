#!/usr/bin/env node
/**
 * Delivery under a failing upstream: 1,000 valid events through the track-conversion endpoint
 * while the fake Graph API fails 30 % of requests at random (503 or a connection reset).
 * Prints the share of events the upstream accepted exactly once by event_id. Exits 1 below
 * 99.9 %.
 *
 *   npm run tracking:reliability -- [--target deno|pages] [--events 1000] [--failure 0.3]
 *                                   [--concurrency 10] [--seed 7]
 *
 * `deno` (default) serves the Edge Function with Deno; `pages` runs the Pages Function under
 * `wrangler pages dev`, whose local runtime sometimes restarts the worker under sustained load
 * ("Your worker restarted mid-request"): those answers are counted apart.
 */
import { parseArgs } from 'node:util';
import { startFakeGraph } from './fake-graph.mjs';
import { startDenoFunction } from './deno-function.mjs';
import { seeded, validEvent } from './payloads.mjs';
import { startPagesDev } from './wrangler-pages.mjs';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000' },
    failure: { type: 'string', default: '0.3' },
    concurrency: { type: 'string', default: '10' },
    target: { type: 'string', default: 'deno' },
    seed: { type: 'string', default: '7' },
  },
});
const total = Number(values.events);
const port = Number(process.env.PORT ?? 4730);

const graph = await startFakeGraph({ port, random: seeded(Number(values.seed)) });
// Posted as the site (payloads.mjs: event_source_url on https://kaylareyes.coach), from one client: the rate limit is raised.
const SITE = 'https://kaylareyes.coach';
const vars = { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'reliability-token', META_GRAPH_URL: graph.url, ALLOWED_ORIGINS: SITE, TRACK_RATE_LIMIT: '1000000' };
if (values.target !== 'deno' && values.target !== 'pages') throw new Error('--target must be deno or pages');
const site = values.target === 'deno' ? await startDenoFunction({ port: port + 1, vars }) : await startPagesDev({ port: port + 1, vars });
const endpoint = values.target === 'deno' ? site.url : `${site.url}/api/track-conversion`;

try {
  graph.setFailureRate(Number(values.failure));
  const ids = Array.from({ length: total }, (_, i) => `lead.reliability-${i}`);
  const statuses = new Map();
  const refusals = [];
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++];
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE },
        body: JSON.stringify(validEvent(id)),
      }).catch(() => null);
      const status = response?.status ?? 'network';
      const text = (await response?.text()) ?? '';
      if (status !== 200) refusals.push(`${id}: ${status} ${text.slice(0, 160)}`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
  const seconds = (Date.now() - started) / 1000;

  const counts = new Map(ids.map((id) => [id, 0]));
  for (const { event } of graph.accepted) counts.set(event.event_id, (counts.get(event.event_id) ?? 0) + 1);
  const once = [...counts.values()].filter((n) => n === 1).length;
  const never = [...counts.values()].filter((n) => n === 0).length;
  const twice = [...counts.values()].filter((n) => n > 1).length;
  const failed = graph.requests.filter((request) => request.outcome !== 200).length;
  const share = (once / total) * 100;

  const restarts = refusals.filter((line) => line.includes('worker restarted')).length;
  console.log(`endpoint:                             ${values.target === 'deno' ? 'Edge Function (Deno)' : 'Pages Function (wrangler pages dev)'}`);
  console.log(`events sent:                          ${total} (concurrency ${values.concurrency}, seed ${values.seed})`);
  console.log(`upstream requests:                    ${graph.requests.length}, failed on purpose: ${failed} (${((failed / graph.requests.length) * 100).toFixed(1)} %)`);
  console.log(`endpoint answers:                     ${[...statuses].map(([s, n]) => `${s}×${n}`).join('  ')}`);
  console.log(`accepted exactly once by event_id:    ${once} / ${total} = ${share.toFixed(2)} %`);
  console.log(`never accepted: ${never}   accepted more than once: ${twice}`);
  if (restarts > 0) console.log(`of those never accepted, local runtime restarts: ${restarts}`);
  console.log(`time: ${seconds.toFixed(1)} s`);
  for (const line of refusals.slice(0, 10)) console.log(`  not delivered: ${line}`);
  process.exitCode = share >= 99.9 ? 0 : 1;
} finally {
  await site.stop();
  await graph.close();
}
