/**
 * The delivery to Google Ads (supabase/functions/_shared/google-ads-delivery.ts) on the ledger's
 * contract in memory, with a Data Manager client that answers as told: what is sent, when, how
 * each answer settles each row, and how the read-back turns Google's processing into states.
 */
import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../supabase/functions/_shared/conversion-event';
import { ledgerRow } from '../../supabase/functions/_shared/conversion-ledger';
import type { GoogleAdsEvent } from '../../supabase/functions/_shared/google-ads-event';
import { deliverToGoogleAds, readBackWaitMs, type GoogleAdsClient } from '../../supabase/functions/_shared/google-ads-delivery';
import { googleAdsPart } from '../../supabase/functions/_shared/google-ads-ledger';
import type { GoogleSendResult, GoogleStatusResult } from '../../supabase/functions/_shared/google-ads';
import type { UpstreamDeps } from '../../supabase/functions/_shared/meta-capi';
import { MemoryLedger } from '../support/memory-ledger';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-20T12:00:00Z');

function world(answers: { send?: (events: readonly GoogleAdsEvent[]) => GoogleSendResult; status?: (requestId: string) => GoogleStatusResult } = {}) {
  let now = T0;
  const sent: GoogleAdsEvent[][] = [];
  const asked: string[] = [];
  let requests = 0;
  const client: GoogleAdsClient = {
    maxBatch: 2000,
    delayMinutes: 360,
    send: async (events) => {
      sent.push([...events]);
      return answers.send?.(events) ?? { kind: 'sent', requestId: `req-${++requests}` };
    },
    status: async (requestId) => {
      asked.push(requestId);
      return answers.status?.(requestId) ?? { kind: 'status', destinations: [{ status: 'SUCCESS', productDestinationId: '111', recordCount: null, errors: [] }] };
    },
    actionFor: (name) => ({ Lead: '111', Schedule: '222' })[name] ?? null,
    problemWords: (problem) => `fix it: ${problem.reason}`,
  };
  const ledger = new MemoryLedger(() => now);
  const deps: UpstreamDeps = { fetch: () => Promise.reject(new Error('no network')), now: () => now, random: () => 0, log: () => undefined };
  return {
    client,
    ledger,
    deps,
    sent,
    asked,
    setting: { delayMinutes: client.delayMinutes, actionFor: client.actionFor },
    advance: (ms: number) => (now += ms),
    deliver: (options = {}) => deliverToGoogleAds(ledger, client, deps, options),
    /** Records a consented conversion whose visit came with a click `clickAgoMs` before now. */
    record: async (id: string, clickAgoMs: number, over: Partial<ServerEvent> & { consented?: boolean; kind?: 'gclid' | 'gbraid' } = {}) => {
      const event = {
        event_name: 'Lead' as const,
        event_time: Math.floor(now / 1000),
        action_source: 'website' as const,
        event_source_url: 'https://site.example/thank-you',
        user_data: { client_user_agent: 'test' },
        custom_data: {},
        ...over,
        event_id: id,
      };
      const click = { kind: over.kind ?? 'gclid', id: `click-${id}`, clickTime: Math.floor((now - clickAgoMs) / 1000) };
      const consented = over.consented ?? true;
      await ledger.record({
        ...ledgerRow(event, 'pages', consented, true, false, click),
        google_ads: googleAdsPart(event, click, consented, false, { delayMinutes: 360, actionFor: client.actionFor }),
      });
    },
  };
}

describe('what goes to Google, and when', () => {
  it('waits until the click is 6 hours old, then sends it with its own id as the transaction id', async () => {
    const w = world();
    await w.record('lead-1', 1 * HOUR);
    expect(await w.deliver()).toMatchObject({ sent: 0, batches: 0 });
    w.advance(5 * HOUR - 1000);
    expect((await w.deliver()).sent).toBe(0);
    w.advance(1000);
    expect(await w.deliver()).toMatchObject({ sent: 1, batches: 1 });
    expect(w.sent[0]).toEqual([
      {
        transaction_id: 'lead-1',
        event_name: 'Lead',
        event_time: new Date(T0).toISOString(),
        click: { kind: 'gclid', id: 'click-lead-1' },
        click_time: new Date(T0 - HOUR).toISOString(),
        ad_personalization: false,
      },
    ]);
    expect(w.ledger.google.get('lead-1')).toMatchObject({ state: 'sent', request_id: 'req-1' });
  });

  it('keeps nothing for Google without consent, without a click, or for an event with no conversion action', async () => {
    const w = world();
    await w.record('count', 7 * HOUR, { consented: false });
    await w.record('contact', 7 * HOUR, { event_name: 'Contact' });
    const noClick = {
      event_name: 'Lead' as const,
      event_time: Math.floor(T0 / 1000),
      action_source: 'website' as const,
      event_source_url: 'https://s.example/',
      user_data: {},
      custom_data: {},
      event_id: 'none',
    };
    expect(googleAdsPart(noClick, undefined, true, false, w.setting)).toBeNull();
    expect(w.ledger.google.size).toBe(0);
    expect(await w.deliver()).toMatchObject({ sent: 0 });
  });

  it('records a click as not connected when Google Ads is not set up, keeping no click id', async () => {
    const event = {
      event_name: 'Lead' as const,
      event_time: 1,
      action_source: 'website' as const,
      event_source_url: 'https://s.example/',
      user_data: {},
      custom_data: {},
      event_id: 'x',
    };
    const click = { kind: 'gbraid' as const, id: 'g', clickTime: 1 };
    expect(googleAdsPart(event, click, true, false, null)).toEqual({
      click_kind: 'gbraid',
      click_time: new Date(1000).toISOString(),
      google_event: null,
      state: 'not_configured',
      not_before: null,
    });
    expect(googleAdsPart(event, click, true, true, null)).toBeNull();
    expect(googleAdsPart(event, click, false, false, null)).toBeNull();
  });

  it('sends a gbraid as a gbraid, and a click over 90 days old never: it expires with the reason', async () => {
    const w = world();
    await w.record('ios', 7 * HOUR, { kind: 'gbraid' });
    await w.record('old', 91 * 24 * HOUR);
    await w.deliver();
    expect(w.sent.flat().map((event) => [event.transaction_id, event.click.kind])).toEqual([['ios', 'gbraid']]);
    expect(w.ledger.google.get('old')).toMatchObject({ state: 'expired', google_event: null, last_error_reason: 'CLICK_TOO_OLD' });
  });
});

describe("Google's answers", () => {
  it('an outage: every event waits with the same bytes and goes once Google is back', async () => {
    let down = true;
    const w = world({ send: () => (down ? { kind: 'transient', status: 503, reason: 'UNAVAILABLE', message: 'down' } : { kind: 'sent', requestId: 'r' }) });
    for (let i = 0; i < 5; i += 1) await w.record(`o-${i}`, 7 * HOUR);
    expect(await w.deliver()).toMatchObject({ stopped: 'outage', retried: 5 });
    expect(w.ledger.googleInState('pending')).toHaveLength(5);
    w.advance(20_000);
    down = false;
    expect(await w.deliver()).toMatchObject({ sent: 5, stopped: null });
    expect(JSON.stringify(w.sent[1])).toBe(JSON.stringify(w.sent[0]));
  });

  it('a refused key pauses delivery with what to fix; after the fix every waiting event goes once', async () => {
    let refused = true;
    const w = world({
      send: () =>
        refused ? { kind: 'account', status: 403, reason: 'PERMISSION_DENIED', message: 'The caller does not have permission' } : { kind: 'sent', requestId: 'r' },
    });
    for (let i = 0; i < 3; i += 1) await w.record(`k-${i}`, 7 * HOUR);
    expect(await w.deliver()).toMatchObject({ stopped: 'account', problem: { reason: 'PERMISSION_DENIED' } });
    expect(w.ledger.googleStatus).toMatchObject({ paused: true, problem_reason: 'PERMISSION_DENIED', problem_message: 'fix it: PERMISSION_DENIED' });
    refused = false;
    w.advance(15 * 60_000);
    expect(await w.deliver()).toMatchObject({ sent: 3 });
    expect(w.ledger.googleStatus).toMatchObject({ paused: false, ok: true });
    expect(
      w.sent
        .at(-1)!
        .map((event) => event.transaction_id)
        .sort(),
    ).toEqual(['k-0', 'k-1', 'k-2']);
  });

  it('an event Google refuses fails with its reason; the others of the batch go on', async () => {
    const w = world({
      send: (events) => {
        const bad = events.findIndex((event) => event.transaction_id === 'bad');
        return bad >= 0
          ? { kind: 'rejected', status: 400, reason: 'INVALID_ARGUMENT', message: 'events[1].adIdentifiers.gclid is invalid', events: [bad] }
          : { kind: 'sent', requestId: 'ok' };
      },
    });
    for (const id of ['a', 'bad', 'c']) await w.record(id, 7 * HOUR);
    expect(await w.deliver()).toMatchObject({ failed: 1, sent: 2 });
    expect(w.ledger.google.get('bad')).toMatchObject({ state: 'failed', last_error_reason: 'INVALID_ARGUMENT', google_event: null });
    expect(w.sent.at(-1)!.map((event) => event.transaction_id)).toEqual(['a', 'c']);
  });

  it('a request refused without naming an event is halved until the refused one is alone', async () => {
    const w = world({
      send: (events) =>
        events.some((event) => event.transaction_id === 'x2')
          ? { kind: 'rejected', status: 400, reason: 'INVALID_ARGUMENT', message: 'bad', events: [] }
          : { kind: 'sent', requestId: 'ok' },
    });
    for (const id of ['x0', 'x1', 'x2', 'x3']) await w.record(id, 7 * HOUR);
    expect(await w.deliver()).toMatchObject({ failed: 1, sent: 3 });
    expect(w.ledger.google.get('x2')!.state).toBe('failed');
  });
});

describe("reading back Google's processing", () => {
  it('asks after a minute; processing waits longer; success delivers and erases the click id', async () => {
    let status: GoogleStatusResult = { kind: 'status', destinations: [{ status: 'PROCESSING', productDestinationId: '111', recordCount: null, errors: [] }] };
    const w = world({ status: () => status });
    await w.record('p', 7 * HOUR);
    await w.deliver();
    await w.deliver();
    expect(w.asked).toEqual([]);
    w.advance(readBackWaitMs(0));
    await w.deliver();
    expect(w.asked).toEqual(['req-1']);
    expect(w.ledger.google.get('p')!.state).toBe('sent');
    w.advance(readBackWaitMs(60_000));
    status = { kind: 'status', destinations: [{ status: 'SUCCESS', productDestinationId: '111', recordCount: 1, errors: [] }] };
    expect(await w.deliver()).toMatchObject({ delivered: 1 });
    expect(w.ledger.google.get('p')).toMatchObject({ state: 'delivered', google_event: null });
  });

  it("a failed event alone in its request fails with Google's reason; one of several is a partial success, said as Google says it", async () => {
    const w = world({
      status: (requestId) =>
        requestId === 'req-1'
          ? { kind: 'status', destinations: [{ status: 'FAILED', productDestinationId: '111', recordCount: 1, errors: [{ reason: 'INVALID_CLICK', count: 1 }] }] }
          : {
              kind: 'status',
              destinations: [{ status: 'PARTIAL_SUCCESS', productDestinationId: '111', recordCount: 3, errors: [{ reason: 'CLICK_NOT_FOUND', count: 1 }] }],
            },
    });
    await w.record('alone', 7 * HOUR);
    await w.deliver();
    for (const id of ['m0', 'm1', 'm2']) await w.record(id, 7 * HOUR);
    await w.deliver();
    w.advance(readBackWaitMs(0));
    await w.deliver();
    expect(w.ledger.google.get('alone')).toMatchObject({ state: 'failed', last_error_reason: 'INVALID_CLICK' });
    expect(w.ledger.google.get('m1')).toMatchObject({ state: 'partial', last_error_reason: 'CLICK_NOT_FOUND' });
    expect(w.ledger.google.get('m1')!.last_error_message).toBe(
      'Google took 2 of the 3 conversions sent with it and refused 1 (CLICK_NOT_FOUND × 1), without saying which.',
    );
  });

  it('a Lead and a Schedule in one request are each settled by their own conversion action', async () => {
    const w = world({
      status: () => ({
        kind: 'status',
        destinations: [
          { status: 'SUCCESS', productDestinationId: '111', recordCount: 1, errors: [] },
          { status: 'FAILED', productDestinationId: '222', recordCount: 1, errors: [{ reason: 'CONVERSION_ACTION_NOT_ENABLED', count: 1 }] },
        ],
      }),
    });
    await w.record('lead', 7 * HOUR);
    await w.record('call', 7 * HOUR, { event_name: 'Schedule' });
    await w.deliver();
    w.advance(readBackWaitMs(0));
    await w.deliver();
    expect(w.ledger.google.get('lead')!.state).toBe('delivered');
    expect(w.ledger.google.get('call')).toMatchObject({ state: 'failed', last_error_reason: 'CONVERSION_ACTION_NOT_ENABLED' });
  });
});

describe('a transaction id Google had already', () => {
  it('is delivered: Google counts it once', async () => {
    const w = world({
      status: () => ({
        kind: 'status',
        destinations: [
          { status: 'FAILED', productDestinationId: '111', recordCount: 1, errors: [{ reason: 'PROCESSING_ERROR_REASON_DUPLICATE_TRANSACTION_ID', count: 1 }] },
        ],
      }),
    });
    await w.record('again', 7 * HOUR);
    await w.deliver();
    w.advance(readBackWaitMs(0));
    expect(await w.deliver()).toMatchObject({ delivered: 1 });
    expect(w.ledger.google.get('again')!.state).toBe('delivered');
  });
});
