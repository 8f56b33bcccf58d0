#!/usr/bin/env node
/**
 * How fast a backlog drains once Meta is back: `--events` (10,000) pending conversions in the
 * ledger (recorded as the endpoints record them), then deliver-conversions runs as Supabase Cron
 * calls it, one run after another, until the fake Graph API has every event. Prints the runs,
 * the requests, the time, events per second, and whether each event arrived exactly once.
 *
 *   npm run tracking:backlog -- [--events 10000]
 */
import { parseArgs } from 'node:util';
import { deliveryCounts, SITE, startLedgerStack } from './ledger-stack.mjs';

const { values } = parseArgs({ options: { events: { type: 'string', default: '10000' } } });
const total = Number(values.events);
const stack = await startLedgerStack({ base: Number(process.env.PORT ?? 4770), intervalMs: 0 });
try {
  const nowS = Math.floor(Date.now() / 1000);
  const ids = Array.from({ length: total }, (_, i) => `lead.backlog-${nowS}-${i}`);
  const row = (id) => ({
    event_id: id,
    event_name: 'Lead',
    conversion_type: 'lead_form',
    event_time: new Date((nowS - 60) * 1000).toISOString(),
    endpoint: 'pages',
    page_path: '/thank-you',
    utm_source: 'instagram',
    utm_campaign: 'backlog',
    consented: true,
    state: 'pending',
    meta_event: {
      event_name: 'Lead',
      event_time: nowS - 60,
      event_id: id,
      action_source: 'website',
      event_source_url: `${SITE}/thank-you`,
      user_data: { client_ip_address: '203.0.113.9', client_user_agent: 'Mozilla/5.0 (backlog)', fbp: 'fb.1.1700000000000.123' },
      custom_data: { conversion_type: 'lead_form', utm_source: 'instagram', utm_campaign: 'backlog' },
    },
  });
  const recordStart = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < ids.length) await stack.record(row(ids[next++]));
    }),
  );
  console.log(`backlog recorded: ${total} pending conversions in ${((Date.now() - recordStart) / 1000).toFixed(1)} s`);

  const started = Date.now();
  let runs = 0;
  while (deliveryCounts(stack.graph, ids).never > 0 && runs < 50) {
    runs += 1;
    const response = await fetch(`${stack.standin.url}/functions/v1/deliver-conversions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.serviceKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const report = await response.json();
    console.log(`run ${runs}: ${response.status} ${JSON.stringify(report)}`);
  }
  const seconds = (Date.now() - started) / 1000;
  const counts = deliveryCounts(stack.graph, ids);
  console.log(`drained: ${counts.once} exactly once, ${counts.never} never, ${counts.twice} more than once`);
  console.log(`requests to Meta: ${stack.graph.requests.length}; runs: ${runs}; time: ${seconds.toFixed(1)} s; ${(total / seconds).toFixed(0)} events/s`);
  process.exitCode = counts.once === total ? 0 : 1;
} finally {
  await stack.stop();
}
