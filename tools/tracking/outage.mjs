#!/usr/bin/env node
/**
 * A Meta outage, or a refused access token, against the whole conversions path (ledger-stack.mjs):
 * the fake Graph API answers 503 (`--mode down`) or refuses the token with code 190
 * (`--mode token`) for `--outage` seconds while `--events` consented events are posted to both
 * endpoints in turn; then it recovers. Prints how many were answered 2xx, when the admin's report
 * named the problem, and how many Meta received exactly once and how soon after recovery. The
 * stand-in's delivery runs every minute, as Supabase Cron does. Exits 1 unless every event was
 * answered 2xx and delivered exactly once within `--within` seconds of recovery.
 *
 *   npm run tracking:outage -- [--mode down|token] [--events 300] [--outage 130] [--within 180]
 */
import { parseArgs } from 'node:util';
import { deliveryCounts, postAll, sleep, startLedgerStack } from './ledger-stack.mjs';
import { validEvent } from './payloads.mjs';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'down' },
    events: { type: 'string', default: '300' },
    outage: { type: 'string', default: '130' },
    within: { type: 'string', default: '180' },
  },
});
if (values.mode !== 'down' && values.mode !== 'token') throw new Error('--mode must be down or token');
const total = Number(values.events);
const stack = await startLedgerStack({ base: Number(process.env.PORT ?? 4760) });
try {
  const { graph } = stack;
  graph.setMode(values.mode);
  const started = Date.now();
  const ids = Array.from({ length: total }, (_, i) => `lead.outage-${started}-${i}`);
  const statuses = await postAll(
    stack.endpoints,
    ids.map((id) => validEvent(id)),
  );
  const answered2xx = [...statuses].filter(([status]) => status === 202 || status === 200).reduce((sum, [, n]) => sum + n, 0);
  console.log(`mode: ${values.mode === 'down' ? 'Graph API answers 503' : 'access token refused (code 190)'} for ${values.outage} s`);
  console.log(`events posted (both endpoints in turn): ${total}; answers: ${[...statuses].map(([s, n]) => `${s}×${n}`).join('  ')}`);

  let named = null;
  while (Date.now() - started < Number(values.outage) * 1000) {
    if (named === null) {
      const { status } = await stack.report();
      if (status?.problem_message && Date.parse(status.problem_at) >= started) named = { seconds: (Date.now() - started) / 1000, status };
    }
    await sleep(1000);
  }
  const during = deliveryCounts(graph, ids);
  const pending = (await stack.report()).by_state?.pending ?? 0;
  console.log(`during the outage: Meta received ${during.once + during.twice}; the ledger holds ${pending} pending`);
  if (named) {
    console.log(
      `admin report named the problem after ${named.seconds.toFixed(0)} s: code ${named.status.problem_code}, "${named.status.problem_message}", paused ${named.status.paused}`,
    );
  } else console.log('admin report did not name the problem');

  graph.setMode('up');
  const recovered = Date.now();
  let counts = deliveryCounts(graph, ids);
  while (counts.once + counts.twice < total && Date.now() - recovered < Number(values.within) * 1000 + 60_000) {
    await sleep(1000);
    counts = deliveryCounts(graph, ids);
  }
  const seconds = (Date.now() - recovered) / 1000;
  await sleep(2000);
  counts = deliveryCounts(graph, ids);
  console.log(`after recovery: exactly once ${counts.once} / ${total}, never ${counts.never}, more than once ${counts.twice}, all in ${seconds.toFixed(0)} s`);
  const ok = answered2xx === total && counts.once === total && seconds <= Number(values.within) && (values.mode === 'down' || (named && named.seconds <= 60));
  process.exitCode = ok ? 0 : 1;
} finally {
  await stack.stop();
}
