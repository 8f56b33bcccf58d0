#!/usr/bin/env node
/**
 * A Google Ads outage against the whole conversions path (ledger-stack.mjs with a fake Google,
 * conversions sent at once after their click): the fake Data Manager API answers 503 (its token
 * endpoint up) for
 * `--outage` seconds while `--events` consented conversions with a gclid are posted to both
 * endpoints in turn; then it recovers. Prints how many were answered 2xx, how many Google and
 * Meta each received exactly once, how soon after recovery, and whether every try of a
 * conversion carried the same transaction id and the same bytes. The stand-in's delivery runs
 * every minute, as Supabase Cron does. Exits 1 unless every conversion was answered 2xx, reached
 * Google exactly once within `--within` seconds of recovery, and Meta exactly once.
 *
 *   npm run tracking:google-outage -- [--events 300] [--outage 90] [--within 120]
 */
import { parseArgs } from 'node:util';
import { deliveryCounts, postAll, sleep, startLedgerStack } from './ledger-stack.mjs';
import { validEvent } from './payloads.mjs';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '300' },
    outage: { type: 'string', default: '90' },
    within: { type: 'string', default: '120' },
  },
});
const total = Number(values.events);
const stack = await startLedgerStack({ base: Number(process.env.PORT ?? 4770), google: true });
try {
  const { graph, google } = stack;
  google.setMode('ingest-down');
  const started = Date.now();
  const ids = Array.from({ length: total }, (_, i) => `lead.google-outage-${started}-${i}`);
  const nowS = Math.floor(started / 1000);
  const events = ids.map((id, i) => ({ ...validEvent(id, nowS), google_click: { kind: 'gclid', id: `Cj0KCQ-outage-${started}-${i}`, click_time: nowS - 120 } }));
  const statuses = await postAll(stack.endpoints, events);
  const answered2xx = [...statuses].filter(([status]) => status === 202 || status === 200).reduce((sum, [, n]) => sum + n, 0);
  console.log(`Google's Data Manager API answers 503 for ${values.outage} s`);
  console.log(`conversions posted (both endpoints in turn): ${total}; answers: ${[...statuses].map(([s, n]) => `${s}×${n}`).join('  ')}`);
  while (Date.now() - started < Number(values.outage) * 1000) await sleep(1000);
  const tried = google.requests.filter((request) => request.path === '/v1/events:ingest').length;
  const waiting = (await stack.googleReport()).by_state?.pending ?? 0;
  console.log(`during the outage: Google took ${google.accepted.size} (${tried} tries refused); the ledger holds ${waiting} waiting for Google`);

  google.setMode('up');
  const recovered = Date.now();
  const googleOnce = () => ids.filter((id) => google.accepted.has(id)).length;
  while (googleOnce() < total && Date.now() - recovered < (Number(values.within) + 60) * 1000) await sleep(1000);
  const seconds = (Date.now() - recovered) / 1000;
  await sleep(2000);
  // Every body the fake saw, refused or taken: each conversion's bytes must be the same on every try.
  const shapes = new Map();
  for (const request of google.requests.filter((entry) => entry.path === '/v1/events:ingest' && entry.body)) {
    const body = typeof request.body === 'string' ? JSON.parse(request.body) : request.body;
    for (const event of body.events ?? []) {
      if (!shapes.has(event.transactionId)) shapes.set(event.transactionId, new Set());
      shapes.get(event.transactionId).add(JSON.stringify(event));
    }
  }
  const changed = [...shapes.values()].filter((set) => set.size > 1).length;
  const meta = deliveryCounts(graph, ids);
  console.log(
    `after recovery: Google took ${googleOnce()} / ${total} in ${seconds.toFixed(0)} s, ${google.duplicates} twice; ${shapes.size} sent at least once, ${changed} with different bytes between tries`,
  );
  console.log(`Meta: exactly once ${meta.once} / ${total}, never ${meta.never}, more than once ${meta.twice}`);
  const ok = answered2xx === total && googleOnce() === total && google.duplicates === 0 && changed === 0 && seconds <= Number(values.within) && meta.once === total;
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  await stack.stop();
}
