#!/usr/bin/env node
/**
 * Load on the tracking endpoint: POST /api/track-conversion under `wrangler pages dev`
 * (workerd), forwarding to a fake Graph API on 127.0.0.1 (META_GRAPH_URL), driven by autocannon
 * with a unique event_id per request. Prints req/s, latency (p50, p99), errors and, by
 * event_id, how many events the fake received: none lost, none duplicated.
 *
 *   npm run load:tracking [-- --duration 20 --connections 50]     LOAD_PORT (default 4760) and the next 2
 */
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { startFakeGraph } from '../tracking/fake-graph.mjs';
import { validEvent } from '../tracking/payloads.mjs';
import { startPagesDev } from '../tracking/wrangler-pages.mjs';

const wranglerVersion = createRequire(import.meta.url)('wrangler/package.json').version;

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '20' }, connections: { type: 'string', default: '50' } },
});
const base = Number(process.env.LOAD_PORT ?? 4760);
const graph = await startFakeGraph({ port: base });
const site = await startPagesDev({
  port: base + 2,
  vars: { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'load-token', TRACK_RATE_LIMIT: '1000000', META_GRAPH_URL: graph.url },
});

try {
  // Warm the worker up (first request compiles it), then start counting from zero.
  await fetch(`${site.url}/api/track-conversion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify(validEvent('load.warmup', undefined, `${site.url}/thank-you`)),
  });
  graph.reset();

  const sent = [];
  const answered = new Map();
  let next = 0;
  const result = await autocannon({
    url: `${site.url}/api/track-conversion`,
    connections: Number(values.connections),
    duration: Number(values.duration),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url },
        setupRequest: (request) => {
          const id = `load.${next++}`;
          sent.push(id);
          return { ...request, body: JSON.stringify(validEvent(id, undefined, `${site.url}/thank-you`)) };
        },
        onResponse: (status, body) => {
          let id = null;
          try {
            id = JSON.parse(body).event_id ?? null;
          } catch {
            // counted as an answer without an id
          }
          answered.set(id ?? `?${answered.size}`, status);
        },
      },
    ],
  });

  const received = new Map();
  for (const { event } of graph.accepted) received.set(event.event_id, (received.get(event.event_id) ?? 0) + 1);
  const ok = [...answered].filter(([, status]) => status >= 200 && status < 300).map(([id]) => id);
  const lost = ok.filter((id) => !received.has(id)).length;
  const duplicated = [...received.values()].filter((n) => n > 1).length;
  const inFlight = sent.filter((id) => !answered.has(id));
  const inFlightDelivered = inFlight.filter((id) => received.has(id)).length;
  const non2xx = answered.size - ok.length;

  console.log(`endpoint:            POST /api/track-conversion (wrangler pages dev ${wranglerVersion}) → fake Graph API on ${graph.url}`);
  console.log(`run:                 ${values.duration} s, ${values.connections} connections (autocannon 9.0.0)`);
  console.log(`requests:            ${result.requests.total} (${result.requests.average.toFixed(0)} req/s average)`);
  console.log(`latency:             p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`errors:              ${result.errors} (timeouts ${result.timeouts}), non-2xx answers ${non2xx}`);
  console.log(`events answered 2xx: ${ok.length}; received by the fake: ${received.size} distinct event_ids`);
  console.log(`lost (2xx, never received): ${lost}   duplicated (received twice or more): ${duplicated}`);
  console.log(`in flight when the run stopped: ${inFlight.length} (of those received by the fake: ${inFlightDelivered})`);
  process.exitCode = result.errors === 0 && non2xx === 0 && lost === 0 && duplicated === 0 ? 0 : 1;
} finally {
  await site.stop();
  await graph.close();
}
