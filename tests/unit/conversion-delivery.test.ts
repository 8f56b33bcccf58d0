import { describe, expect, it } from 'vitest';
import { deliverConversions } from '../../supabase/functions/_shared/conversion-delivery';
import { ledgerRow } from '../../supabase/functions/_shared/conversion-ledger';
import { FIRST_HOUR_MS, MAX_WAIT_MS, retryWaitMs, stillSendable } from '../../supabase/functions/_shared/delivery-schedule';
import { classify, type MetaConfig, type UpstreamDeps } from '../../supabase/functions/_shared/meta-capi';
import { MemoryLedger } from '../support/memory-ledger';

const NOW = 1_700_000_000_000;
const config: MetaConfig = { graphUrl: 'http://graph.test', apiVersion: 'v25.0', pixelId: '1', token: 't' };

type Answer = { status: number; code?: number } | 'network';

/** A fake Graph API: answers in turn (then 200), refusing events whose id is in `bad` with 400. */
function graph(answers: Answer[] = [], bad: string[] = []) {
  const requests: string[][] = [];
  const deps: UpstreamDeps = {
    fetch: async (_input, init) => {
      const ids = (JSON.parse(String(init?.body)) as { data: { event_id: string }[] }).data.map((event) => event.event_id);
      requests.push(ids);
      const next = answers.shift();
      if (next === 'network') throw new TypeError('fetch failed');
      const status = next?.status ?? (ids.some((id) => bad.includes(id)) ? 400 : 200);
      const code = next?.code ?? (status === 400 ? 100 : undefined);
      const body = status < 300 ? { events_received: ids.length, fbtrace_id: 'T' } : { error: { message: `refused ${status}`, code, fbtrace_id: 'E' } };
      return new Response(JSON.stringify(body), { status });
    },
    now: () => NOW,
    random: () => 0,
    log: () => undefined,
  };
  return { deps, requests };
}

async function ledgerWith(count: number, eventTime = NOW / 1000 - 60): Promise<MemoryLedger> {
  const ledger = new MemoryLedger(() => NOW);
  for (let i = 0; i < count; i += 1) {
    const event = {
      event_name: 'Lead' as const,
      event_time: eventTime,
      event_id: `e${i}`,
      action_source: 'website' as const,
      event_source_url: 'https://site.test/thank-you',
      user_data: { client_user_agent: 'UA' },
      custom_data: { conversion_type: 'lead_form' },
    };
    await ledger.record(ledgerRow(event, 'pages', true, true));
  }
  return ledger;
}

describe('deliverConversions', () => {
  it('sends due events in batches of at most 1,000 and marks them delivered', async () => {
    const ledger = await ledgerWith(2500);
    const { deps, requests } = graph();
    const report = await deliverConversions(ledger, config, deps);
    expect(requests.map((ids) => ids.length)).toEqual([1000, 1000, 500]);
    expect(report).toMatchObject({ delivered: 2500, batches: 3, stopped: null });
    expect(ledger.inState('delivered')).toHaveLength(2500);
    expect(ledger.status).toMatchObject({ ok: true, paused: false, api_version: 'v25.0' });
  });

  it('keeps the events pending on an outage, network or 5xx, and stops the run', async () => {
    for (const answer of ['network', { status: 503 }, { status: 429 }, { status: 400, code: 613 }] as Answer[]) {
      const ledger = await ledgerWith(3);
      const { deps, requests } = graph([answer]);
      const report = await deliverConversions(ledger, config, deps, { batchSize: 1 });
      expect(report.stopped).toBe('outage');
      expect(requests).toHaveLength(1);
      expect(ledger.inState('pending')).toHaveLength(3);
      expect(ledger.status).toMatchObject({ ok: false, paused: false });
    }
  });

  it('pauses on a refused token: every event stays pending, the problem is recorded', async () => {
    const ledger = await ledgerWith(5);
    const { deps } = graph([{ status: 400, code: 190 }]);
    const report = await deliverConversions(ledger, config, deps);
    expect(report).toMatchObject({ stopped: 'token', problem: { code: 190 } });
    expect(ledger.inState('pending')).toHaveLength(5);
    expect(ledger.status).toMatchObject({ ok: false, paused: true, problem_code: 190 });
  });

  it('splits a refused batch until the refused event is alone, delivering the others', async () => {
    const ledger = await ledgerWith(8);
    const { deps, requests } = graph([], ['e5']);
    const report = await deliverConversions(ledger, config, deps);
    expect(report).toMatchObject({ delivered: 7, failed: 1 });
    expect(ledger.rows.get('e5')).toMatchObject({ state: 'failed', last_error_code: 100, last_error_message: 'refused 400' });
    expect(requests.length).toBeLessThanOrEqual(1 + 2 * Math.ceil(Math.log2(8)));
  });

  it('delivers only the named event when asked', async () => {
    const ledger = await ledgerWith(3);
    const { deps, requests } = graph();
    await deliverConversions(ledger, config, deps, { eventId: 'e1' });
    expect(requests).toEqual([['e1']]);
    expect(ledger.rows.get('e1')!.state).toBe('delivered');
    expect(ledger.inState('pending')).toHaveLength(2);
  });

  it('never sends an event twice while another run holds it', async () => {
    const ledger = await ledgerWith(10);
    const first = graph();
    const second = graph();
    await Promise.all([deliverConversions(ledger, config, first.deps, { batchSize: 4 }), deliverConversions(ledger, config, second.deps, { batchSize: 4 })]);
    const sent = [...first.requests.flat(), ...second.requests.flat()];
    expect(sent).toHaveLength(10);
    expect(new Set(sent).size).toBe(10);
  });
});

describe('the retry schedule', () => {
  it('tries at least once a minute during the first hour, then every 15 minutes', () => {
    expect(retryWaitMs(1, 0, 0)).toBe(20_000);
    expect(retryWaitMs(2, 60_000, 0)).toBe(40_000);
    expect(retryWaitMs(5, 10 * 60_000, 0)).toBe(60_000);
    expect(retryWaitMs(5, 10 * 60_000, 1)).toBe(48_000);
    expect(retryWaitMs(70, FIRST_HOUR_MS, 0)).toBe(MAX_WAIT_MS);
    for (let attempt = 1; attempt < 100; attempt += 1) {
      expect(retryWaitMs(attempt, 30 * 60_000, Math.random())).toBeLessThanOrEqual(60_000);
      expect(retryWaitMs(attempt, 3 * FIRST_HOUR_MS, Math.random())).toBeLessThanOrEqual(MAX_WAIT_MS);
    }
  });

  it('stops at 7 days, when Meta refuses the event', () => {
    expect(stillSendable(NOW / 1000 - 7 * 86400 + 1, NOW)).toBe(true);
    expect(stillSendable(NOW / 1000 - 7 * 86400, NOW)).toBe(false);
  });

  it("reads Meta's answer: token, throttling, server, refusal", () => {
    expect(classify(200, null)).toBe('delivered');
    expect(classify(400, 190)).toBe('token');
    expect(classify(403, 10)).toBe('token');
    expect(classify(400, 200)).toBe('token');
    expect(classify(400, 2635, 'Unsupported: deprecated version')).toBe('token');
    expect(classify(400, 100, 'Object with ID does not exist, cannot be loaded due to missing permissions')).toBe('token');
    expect(classify(400, 341)).toBe('transient');
    expect(classify(401, 102)).toBe('token');
    expect(classify(400, 17)).toBe('transient');
    expect(classify(429, null)).toBe('transient');
    expect(classify(502, null)).toBe('transient');
    expect(classify(400, 100)).toBe('rejected');
    expect(classify(404, null)).toBe('rejected');
  });
});
