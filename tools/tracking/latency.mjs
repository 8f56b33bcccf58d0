#!/usr/bin/env node
/**
 * Endpoint latency as a visitor's page sees it: sequential consented events to the Pages
 * Function (wrangler pages dev) and the Edge Function (Deno), p50 and p99 per endpoint. With
 * `--compare <dir>` (a checkout of an older build, its dependencies installed), the same
 * endpoints of that build run beside these, rounds alternating, against one fake Graph API
 * that answers after `--graph-delay` ms (Meta's own time).
 *
 *   npm run tracking:latency -- [--compare ../old] [--rounds 5] [--per-round 60] [--graph-delay 0]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { SITE, sleep, startLedgerStack } from './ledger-stack.mjs';
import { validEvent } from './payloads.mjs';

const { values } = parseArgs({
  options: {
    compare: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    'per-round': { type: 'string', default: '60' },
    'graph-delay': { type: 'string', default: '0' },
  },
});
const base = Number(process.env.PORT ?? 4780);
const stack = await startLedgerStack({ base, intervalMs: 0 });
const stops = [() => stack.stop()];
try {
  stack.graph.setDelay(Number(values['graph-delay']));
  const targets = [
    ['this build, Pages Function', stack.endpoints[0]],
    ['this build, Edge Function', stack.endpoints[1]],
  ];
  if (values.compare) {
    const dir = path.resolve(values.compare);
    const { startPagesDev } = await import(pathToFileURL(path.join(dir, 'tools/tracking/wrangler-pages.mjs')).href);
    const { startDenoFunction } = await import(pathToFileURL(path.join(dir, 'tools/tracking/deno-function.mjs')).href);
    const vars = { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'stack-token', META_GRAPH_URL: stack.graph.url, TRACK_RATE_LIMIT: '1000000', ALLOWED_ORIGINS: SITE };
    const pages = await startPagesDev({ port: base + 5, vars });
    stops.push(() => pages.stop());
    const deno = await startDenoFunction({ port: base + 6, vars });
    stops.push(() => deno.stop());
    targets.push(['older build, Pages Function', `${pages.url}/api/track-conversion`], ['older build, Edge Function', deno.url]);
  }
  const times = new Map(targets.map(([name]) => [name, []]));
  const statuses = new Map(targets.map(([name]) => [name, new Map()]));
  let n = 0;
  for (let round = 0; round < Number(values.rounds); round += 1) {
    for (const [name, url] of round % 2 === 0 ? targets : [...targets].reverse()) {
      for (let i = 0; i < Number(values['per-round']); i += 1) {
        const body = JSON.stringify(validEvent(`lead.latency-${Date.now()}-${n++}`));
        const started = performance.now();
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE }, body });
        await response.arrayBuffer();
        times.get(name).push(performance.now() - started);
        const counts = statuses.get(name);
        counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
      }
      await sleep(200);
    }
  }
  const pct = (list, p) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];
  console.log(`Graph API answer delay: ${values['graph-delay']} ms; ${values.rounds} rounds × ${values['per-round']} events per endpoint, alternating`);
  for (const [name] of targets) {
    const list = times.get(name);
    const answers = [...statuses.get(name)].map(([s, c]) => `${s}×${c}`).join(' ');
    console.log(`${name.padEnd(30)} p50 ${pct(list, 50).toFixed(1).padStart(7)} ms   p99 ${pct(list, 99).toFixed(1).padStart(7)} ms   (${answers})`);
  }
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}
