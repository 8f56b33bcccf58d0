// @vitest-environment node
/**
 * The Google Ads client where the deployed code runs (tests/support/google-ads-round-trip.ts):
 * in workerd (wrangler's test harness) and in Deno, against the fake Google on 127.0.0.1: the key
 * signed with WebCrypto there, the token, a send, its status, a refused event. And `deno check`
 * passes for the Google modules of supabase/functions/_shared.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestHarness, type TestHarness } from 'wrangler';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { GoogleAdsEvent } from '../../supabase/functions/_shared/google-ads-event.ts';
import { startFakeGoogle } from '../support/fake-google.mjs';
import type { RoundTrip } from '../support/google-ads-round-trip.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const deno = `${root}node_modules/.bin/deno`;
const denoEnv = { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' };
let fake: Awaited<ReturnType<typeof startFakeGoogle>>;
let worker: TestHarness;

beforeAll(async () => {
  fake = await startFakeGoogle();
  worker = createTestHarness({
    workers: [{ config: { name: 'google-ads', main: fileURLToPath(new URL('../support/google-ads-round-trip.ts', import.meta.url)), compatibility_date: '2025-09-01' } }],
  });
  await worker.listen();
}, 120_000);
afterAll(() => Promise.all([worker?.close(), fake?.close()]));
beforeEach(() => fake.reset());

function trip(): RoundTrip {
  const now = Date.now();
  const event = (id: string, kind: GoogleAdsEvent['click']['kind']): GoogleAdsEvent => ({
    transaction_id: id,
    event_name: 'Lead',
    event_time: new Date(now - 60_000).toISOString(),
    click: { kind, id: `${kind}-${id}` },
    click_time: new Date(now - 7 * 3600_000).toISOString(),
    ad_personalization: false,
  });
  fake.refuseEvent('refused', 'INVALID_FORMAT');
  return { env: fake.env(), events: [event('a', 'gclid'), event('b', 'gbraid'), event('refused', 'wbraid')] };
}

const expectedTrip = (answer: Record<string, unknown>) => {
  expect(answer).toMatchObject({
    sent: { kind: 'sent', requestId: expect.any(String) },
    statuses: [
      { kind: 'status', destinations: [{ status: 'PROCESSING', recordCount: 2 }] },
      { kind: 'status', destinations: [{ status: 'SUCCESS', productDestinationId: '700000001', recordCount: 2, errors: [] }] },
    ],
    refused: { kind: 'rejected', status: 400, reason: 'INVALID_FORMAT', events: [0] },
  });
  expect([...fake.accepted.keys()]).toEqual(['a', 'b']);
  expect(fake.tokenRequests).toBe(1);
};

it('runs in workerd', async () => {
  const response = await worker.fetch('http://worker/', { method: 'POST', body: JSON.stringify(trip()) });
  expectedTrip((await response.json()) as Record<string, unknown>);
});

it('runs in Deno', async () => {
  const code = `import { roundTrip } from './tests/support/google-ads-round-trip.ts';
console.log(JSON.stringify(await roundTrip(JSON.parse(Deno.env.get('ROUND_TRIP')))));`;
  const { stdout } = await promisify(execFile)(deno, ['eval', '--ext=ts', code], { cwd: root, env: { ...denoEnv, ROUND_TRIP: JSON.stringify(trip()) } });
  expectedTrip(JSON.parse(stdout) as Record<string, unknown>);
});

it('deno check passes for the Google modules of supabase/functions/_shared', async () => {
  const modules = ['google-ads.ts', 'google-ads-event.ts', 'google-service-account.ts'].map((name) => `supabase/functions/_shared/${name}`);
  // execFile rejects (with deno's diagnostics) when type checking fails.
  await promisify(execFile)(deno, ['check', '--config', 'supabase/functions/deno.json', ...modules], { cwd: root, env: denoEnv });
});
