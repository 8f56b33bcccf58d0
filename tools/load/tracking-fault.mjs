#!/usr/bin/env node
/**
 * Upstream outage under load: 50 concurrent clients post events to POST /api/track-conversion
 * (`wrangler pages dev`) for 30 s; the fake Graph API sits behind a TCP proxy that goes down
 * (every connection reset) from 10 s to 20 s. Each event must end either delivered (the fake
 * received its event_id) or reported to the client as failed (a non-2xx answer); an event
 * answered 2xx that never arrived, or never answered and never arrived, is lost.
 *
 *   npm run load:fault [-- --duration 30 --down-at 10 --down-for 10 --connections 50]
 *   LOAD_PORT (default 4760) and the next 2
 */
import { parseArgs } from 'node:util';
import { startFakeGraph } from '../tracking/fake-graph.mjs';
import { validEvent } from '../tracking/payloads.mjs';
import { startPagesDev } from '../tracking/wrangler-pages.mjs';
import { startTcpProxy } from './tcp-proxy.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    'down-at': { type: 'string', default: '10' },
    'down-for': { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const base = Number(process.env.LOAD_PORT ?? 4760);
const graph = await startFakeGraph({ port: base });
const proxy = await startTcpProxy({ port: base + 1, targetPort: graph.port });
const site = await startPagesDev({
  port: base + 2,
  vars: { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'fault-token', TRACK_RATE_LIMIT: '1000000', META_GRAPH_URL: proxy.url },
});
const endpoint = `${site.url}/api/track-conversion`;

try {
  await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify(validEvent('fault.warmup', undefined, `${site.url}/thank-you`)),
  });
  graph.reset();

  const duration = Number(values.duration) * 1000;
  const downAt = Number(values['down-at']) * 1000;
  const downFor = Number(values['down-for']) * 1000;
  /** event_id → the client's outcome: an HTTP status, or 'network' when no answer came. */
  const outcomes = new Map();
  const started = Date.now();
  const timers = [setTimeout(() => proxy.down(), downAt), setTimeout(() => proxy.up(), downAt + downFor)];
  let next = 0;
  const client = async () => {
    while (Date.now() - started < duration) {
      const id = `fault.${next++}`;
      outcomes.set(id, null);
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site.url },
          body: JSON.stringify(validEvent(id, undefined, `${site.url}/thank-you`)),
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        outcomes.set(id, response.status);
      } catch {
        outcomes.set(id, 'network');
      }
    }
  };
  await Promise.all(Array.from({ length: Number(values.connections) }, client));
  timers.forEach(clearTimeout);
  proxy.up();
  const seconds = (Date.now() - started) / 1000;

  const received = new Map();
  for (const { event } of graph.accepted) received.set(event.event_id, (received.get(event.event_id) ?? 0) + 1);
  let delivered = 0;
  let reported = 0;
  const lost = [];
  const statuses = new Map();
  for (const [id, outcome] of outcomes) {
    statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
    const ok = typeof outcome === 'number' && outcome >= 200 && outcome < 300;
    if (received.has(id)) delivered += 1;
    else if (!ok && outcome !== 'network') reported += 1;
    else lost.push(`${id}: ${outcome}`);
  }
  const duplicated = [...received.values()].filter((n) => n > 1).length;
  const failedUpstream = graph.requests.filter((request) => request.outcome !== 200).length;

  console.log(`endpoint:   POST /api/track-conversion (wrangler pages dev) → TCP proxy → fake Graph API`);
  console.log(
    `run:        ${seconds.toFixed(1)} s, ${values.connections} concurrent clients; upstream down from ${values['down-at']} s to ${Number(values['down-at']) + Number(values['down-for'])} s (${proxy.stats.refused} connections reset while down)`,
  );
  console.log(`answers:    ${[...statuses].map(([status, n]) => `${status}×${n}`).join('  ')}`);
  console.log(`sent:       ${outcomes.size}`);
  console.log(`delivered:  ${delivered} (received by the upstream; ${duplicated} of them more than once)`);
  console.log(`reported:   ${reported} (not delivered, and the client was answered non-2xx)`);
  console.log(`lost:       ${lost.length} (answered 2xx or not at all, and never delivered)`);
  console.log(`upstream requests: ${graph.requests.length} reaching the fake, ${failedUpstream} of them failed`);
  for (const line of lost.slice(0, 10)) console.log(`  lost: ${line}`);
  process.exitCode = lost.length === 0 && delivered + reported === outcomes.size && reported > 0 ? 0 : 1;
} finally {
  await site.stop();
  await proxy.close();
  await graph.close();
}
