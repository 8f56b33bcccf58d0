#!/usr/bin/env node
/**
 * Delivery under a failing upstream: 1,000 valid events posted to both endpoints in turn
 * (ledger-stack.mjs) while the fake Graph API fails 30 % of requests at random (503 or a
 * connection reset). Each endpoint records its event, answers, and tries it once; the stand-in's
 * deliver-conversions run (every `--interval` seconds) retries the rest on the ledger's schedule.
 * Prints the answers, and the share of events the upstream accepted exactly once by event_id
 * and how long that took. Exits 1 below 100 %.
 *
 *   npm run tracking:reliability -- [--events 1000] [--failure 0.3] [--concurrency 10] [--interval 10] [--seed 7]
 */
import { parseArgs } from 'node:util';
import { mulberry32 } from '../random.mjs';
import { deliveryCounts, postAll, sleep, startLedgerStack } from './ledger-stack.mjs';
import { validEvent } from './payloads.mjs';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000' },
    failure: { type: 'string', default: '0.3' },
    concurrency: { type: 'string', default: '10' },
    interval: { type: 'string', default: '10' },
    seed: { type: 'string', default: '7' },
    'max-minutes': { type: 'string', default: '12' },
  },
});
const total = Number(values.events);
const stack = await startLedgerStack({ base: Number(process.env.PORT ?? 4730), intervalMs: Number(values.interval) * 1000, random: mulberry32(Number(values.seed)) });
try {
  const { graph } = stack;
  graph.setFailureRate(Number(values.failure));
  const started = Date.now();
  const ids = Array.from({ length: total }, (_, i) => `lead.reliability-${started}-${i}`);
  const statuses = await postAll(
    stack.endpoints,
    ids.map((id) => validEvent(id)),
    Number(values.concurrency),
  );
  const answered = (Date.now() - started) / 1000;
  let counts = deliveryCounts(graph, ids);
  while (counts.never > 0 && Date.now() - started < Number(values['max-minutes']) * 60_000) {
    await sleep(1000);
    counts = deliveryCounts(graph, ids);
  }
  const seconds = (Date.now() - started) / 1000;
  await sleep(2000);
  counts = deliveryCounts(graph, ids);
  const failed = graph.requests.filter((request) => request.outcome !== 200).length;
  console.log(`events posted (both endpoints in turn): ${total} (concurrency ${values.concurrency}) in ${answered.toFixed(1)} s`);
  console.log(`endpoint answers:                     ${[...statuses].map(([s, n]) => `${s}×${n}`).join('  ')}`);
  console.log(`upstream requests:                    ${graph.requests.length}, failed on purpose: ${failed} (${((failed / graph.requests.length) * 100).toFixed(1)} %)`);
  console.log(`accepted exactly once by event_id:    ${counts.once} / ${total} = ${((counts.once / total) * 100).toFixed(2)} %`);
  console.log(`never accepted: ${counts.never}   accepted more than once: ${counts.twice}`);
  console.log(`all accepted after: ${seconds.toFixed(0)} s (delivery run every ${values.interval} s; retries 20 s, 40 s, then every 60 s)`);
  process.exitCode = counts.once === total ? 0 : 1;
} finally {
  await stack.stop();
}
