/**
 * Conversions to Google Ads through the local stand-in as on Supabase: the track-conversion
 * function, the ledger in PGlite, deliver-conversions as Supabase Cron calls it, the admin's
 * report and connection check, against a fake Google (tests/support/fake-google.mjs: a token
 * endpoint that verifies the service account's JWT, a Data Manager API that checks every request)
 * and a fake Graph API, each of which can be down or refuse.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_ORIGIN } from '../../src/lib/dev-origin.ts';
import { startFakeGraph } from '../../tools/tracking/fake-graph.mjs';
import type { Standin } from '../../supabase/local/server.ts';
import { startFakeGoogle } from '../support/fake-google.mjs';
import { ADMIN, MEMBER, signedIn, startTestStandin } from '../support/standin.ts';

const PORT = Number(process.env.GOOGLE_DELIVERY_TEST_PORT ?? 4820);
const SITE = DEV_ORIGIN;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let standin: Standin;

type Click = { kind: 'gclid' | 'gbraid' | 'wbraid'; id: string; click_time: number };
const click = (id: string, kind: Click['kind'] = 'gclid', agoS = 60): Click => ({ kind, id: `${kind}-${id}`, click_time: Math.floor(Date.now() / 1000) - agoS });
const event = (id: string, googleClick: Click | null = click(id), consent = true) => ({
  ...(consent ? { ads_consent: 'granted' } : {}),
  event_name: 'Lead',
  event_id: id,
  event_time: Math.floor(Date.now() / 1000) - 5,
  event_source_url: `${SITE}/thank-you/resource`,
  user_data: consent ? { client_user_agent: 'Mozilla/5.0 test' } : {},
  custom_data: { conversion_type: 'resource_registration', utm_source: 'google' },
  ...(consent && googleClick ? { google_click: googleClick } : {}),
});

let clients = 0;
const track = (body: unknown) =>
  fetch(`${standin.url}/functions/v1/track-conversion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: standin.config.anonKey, origin: SITE, 'x-forwarded-for': `198.18.9.${clients++ & 255}` },
    body: JSON.stringify(body),
  });
const deliver = async () =>
  (await fetch(`${standin.url}/functions/v1/deliver-conversions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${standin.config.serviceRoleKey}` },
    body: '{}',
  }).then((response) => response.json())) as { delivered: number; google: Record<string, unknown> };
const googleRow = async (id: string) => (await standin.db.query<Record<string, unknown>>('select * from public.conversion_google_ads where event_id = $1', [id])).rows[0];
/** Makes every waiting Google row due now, as if its time had come (the waits are the unit tests'). */
const dueNow = () => standin.db.query("update public.conversion_google_ads set next_attempt_at = now() where state in ('pending', 'sent')");
const eventually = (check: () => unknown) => expect.poll(check, { timeout: 15_000, interval: 100 });
/** Waits until the endpoint's own attempt at each (after its answer) has been settled as refused for now. */
const triedOnce = (ids: string[]) => eventually(async () => (await Promise.all(ids.map(googleRow))).every((row) => row?.last_error_reason)).toBe(true);

beforeAll(async () => {
  graph = await startFakeGraph({ port: PORT });
  google = await startFakeGoogle({ port: PORT + 1 });
  standin = await startTestStandin(
    PORT + 2,
    {},
    {
      META_PIXEL_ID: '1234567890',
      META_CAPI_TOKEN: 'token',
      META_GRAPH_URL: graph.url,
      ...google.env(),
      GOOGLE_ADS_DELAY_MINUTES: '0',
      STANDIN_DELIVERY_INTERVAL_MS: '0',
    },
  );
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await standin?.close();
  await google?.close();
  await graph?.close();
});
beforeEach(() => {
  graph.reset();
  google.reset();
});

describe('a conversion from a Google ad', () => {
  it('reaches Google once, with its id as the transaction id, and Meta once, side by side; the read-back marks it delivered', async () => {
    const id = `lead.google-${Date.now()}`;
    expect((await track(event(id))).status).toBe(202);
    await eventually(() => google.accepted.has(id)).toBe(true);
    await eventually(() => graph.accepted.filter((entry) => entry.event.event_id === id).length).toBe(1);
    expect(google.accepted.get(id)!.event).toMatchObject({ transactionId: id, adIdentifiers: { gclid: `gclid-${id}` }, consent: { adUserData: 'CONSENT_GRANTED' } });
    // Meta never sees Google's click.
    expect(JSON.stringify(graph.accepted.find((entry) => entry.event.event_id === id))).not.toContain(`gclid-${id}`);
    await eventually(async () => (await googleRow(id))?.state).toBe('sent');
    // Google is still processing it at the first read-back, done at the next.
    await dueNow();
    expect((await deliver()).google).toMatchObject({ configured: true, delivered: 0 });
    expect(await googleRow(id)).toMatchObject({ state: 'sent' });
    await dueNow();
    expect((await deliver()).google).toMatchObject({ configured: true, delivered: 1 });
    expect(await googleRow(id)).toMatchObject({ state: 'delivered', google_event: null });
    expect(google.duplicates).toBe(0);
    // One access token for the send and both read-backs (none at all when this process has one already).
    expect(google.tokenRequests).toBeLessThanOrEqual(1);
  });

  it('an access token Google no longer takes is renewed once, and the same request sent again', async () => {
    google.expireTokens();
    const id = `lead.g-renew-${Date.now()}`;
    expect((await track(event(id))).status).toBe(202);
    await eventually(() => google.accepted.has(id)).toBe(true);
    expect(google.tokenRequests).toBe(1);
    const tries = google.requests.filter((request) => request.path === '/v1/events:ingest');
    expect(tries.map((request) => request.outcome)).toEqual([401, 200]);
  });

  it('without consent, or without a click, nothing reaches Google; a gbraid goes as a gbraid, with no gclid', async () => {
    const stamp = Date.now();
    expect((await track(event(`lead.count-${stamp}`, click('x'), false))).status).toBe(202);
    expect((await track(event(`lead.noclick-${stamp}`, null))).status).toBe(202);
    expect((await track(event(`lead.ios-${stamp}`, click(`ios-${stamp}`, 'gbraid')))).status).toBe(202);
    await eventually(() => google.accepted.has(`lead.ios-${stamp}`)).toBe(true);
    expect(google.accepted.get(`lead.ios-${stamp}`)!.event.adIdentifiers).toEqual({ gbraid: `gbraid-ios-${stamp}` });
    expect(google.accepted.has(`lead.count-${stamp}`) || google.accepted.has(`lead.noclick-${stamp}`)).toBe(false);
    expect(await googleRow(`lead.count-${stamp}`)).toBeUndefined();
    expect(await googleRow(`lead.noclick-${stamp}`)).toBeUndefined();
  });

  it('waits through a Google outage while Meta gets it; once Google is back each goes once, the same transaction id', async () => {
    google.setMode('down');
    const ids = Array.from({ length: 6 }, (_, i) => `lead.g-outage-${Date.now()}-${i}`);
    for (const id of ids) expect((await track(event(id))).status).toBe(202);
    await eventually(() => ids.every((id) => graph.accepted.some((entry) => entry.event.event_id === id))).toBe(true);
    await triedOnce(ids);
    await dueNow();
    expect((await deliver()).google).toMatchObject({ stopped: 'outage' });
    expect((await googleRow(ids[0]!))?.state).toBe('pending');
    google.setMode('up');
    await dueNow();
    expect((await deliver()).google).toMatchObject({ sent: ids.length, stopped: null });
    expect(ids.filter((id) => google.accepted.has(id))).toEqual(ids);
    expect(google.duplicates).toBe(0);
  });

  it('a refused service account pauses Google with what to fix, in the admin’s report; after the fix every waiting one goes once', async () => {
    google.refuseAccount('PERMISSION_DENIED');
    const ids = Array.from({ length: 3 }, (_, i) => `lead.g-denied-${Date.now()}-${i}`);
    for (const id of ids) await track(event(id));
    await triedOnce(ids);
    await dueNow();
    expect((await deliver()).google).toMatchObject({ stopped: 'account', problem: { reason: 'PERMISSION_DENIED' } });
    const admin = await signedIn(standin, ADMIN.email, ADMIN.password);
    const { data: report } = await admin.rpc('google_ads_report', { p_days: 7 });
    expect(report.status).toMatchObject({ paused: true, problem_reason: 'PERMISSION_DENIED' });
    expect(report.status.problem_message).toMatch(/^Google refused the service account: add .+@.+ as a user of Google Ads account 123-456-7890/);
    expect(report.by_state.pending).toBeGreaterThanOrEqual(3);
    google.refuseAccount(null);
    await dueNow();
    await deliver();
    expect(ids.filter((id) => google.accepted.has(id))).toEqual(ids);
    expect((await admin.rpc('google_ads_report', { p_days: 7 })).data.status).toMatchObject({ paused: false });
  });

  it('a refused key (deleted or disabled): Google pauses with what to fix, nothing lost; after a new key each waiting one goes once', async () => {
    google.expireTokens();
    google.refuseKey(true);
    const ids = Array.from({ length: 2 }, (_, i) => `lead.g-key-${Date.now()}-${i}`);
    for (const id of ids) await track(event(id));
    await triedOnce(ids);
    await dueNow();
    expect((await deliver()).google).toMatchObject({ stopped: 'account' });
    const admin = await signedIn(standin, ADMIN.email, ADMIN.password);
    const { data: report } = await admin.rpc('google_ads_report', { p_days: 7 });
    expect(report.status).toMatchObject({ paused: true });
    expect(report.status.problem_message).toMatch(/GOOGLE_SERVICE_ACCOUNT_KEY/);
    expect(ids.some((id) => google.accepted.has(id))).toBe(false);
    google.refuseKey(false);
    await dueNow();
    await deliver();
    expect(ids.filter((id) => google.accepted.has(id))).toEqual(ids);
  });

  it('a click 90 days old is never sent: the conversion is shown as expired, with why', async () => {
    const id = `lead.g-old-${Date.now()}`;
    expect((await track(event(id, click(id, 'gclid', 91 * 86_400)))).status).toBe(202);
    await eventually(async () => (await googleRow(id))?.state).toBe('expired');
    expect(await googleRow(id)).toMatchObject({ google_event: null, last_error_reason: 'CLICK_TOO_OLD' });
    expect(google.accepted.has(id)).toBe(false);
    const admin = await signedIn(standin, ADMIN.email, ADMIN.password);
    const { data: report } = await admin.rpc('google_ads_report', { p_days: 7 });
    expect(report.reasons).toEqual(
      expect.arrayContaining([expect.objectContaining({ state: 'expired', reason: 'CLICK_TOO_OLD', message: expect.stringMatching(/over 90 days old/) })]),
    );
  });

  it('one event Google refuses fails with its reason; the others are delivered', async () => {
    const ids = Array.from({ length: 3 }, (_, i) => `lead.g-one-${Date.now()}-${i}`);
    google.refuseEvent(ids[1], 'INVALID_FORMAT');
    google.setMode('down');
    for (const id of ids) await track(event(id));
    await triedOnce(ids);
    google.setMode('up');
    await dueNow();
    await deliver();
    expect(await googleRow(ids[1]!)).toMatchObject({ state: 'failed', google_event: null });
    expect(String((await googleRow(ids[1]!))?.last_error_message)).toMatch(/INVALID_FORMAT|invalid/i);
    expect([ids[0], ids[2]].every((id) => google.accepted.has(id!))).toBe(true);
  });
});

describe('google-ads-check', () => {
  it('tells the admin how Google Ads is set up, and checks the connection with validateOnly: nothing counted', async () => {
    const admin = await signedIn(standin, ADMIN.email, ADMIN.password);
    const setup = await admin.functions.invoke('google-ads-check', { method: 'GET' });
    expect(setup.data).toMatchObject({ configured: true, account: '123-456-7890', delay_minutes: 0, local_google: true, actions: { Lead: expect.any(String) } });
    const before = google.accepted.size;
    const checked = await admin.functions.invoke('google-ads-check', { body: {} });
    expect(checked.data).toMatchObject({ ok: true, account: '123-456-7890' });
    expect(google.accepted.size).toBe(before);
    google.refuseAccount('PERMISSION_DENIED');
    const refused = await admin.functions.invoke('google-ads-check', { body: {} });
    expect(refused.data).toMatchObject({ ok: false, kind: 'account', reason: 'PERMISSION_DENIED', advice: expect.stringMatching(/^Google refused the service account/) });
  });

  it('is for admins only', async () => {
    const member = await signedIn(standin, MEMBER.email, MEMBER.password);
    const { error } = await member.functions.invoke('google-ads-check', { method: 'GET' });
    expect((error as { context?: Response }).context?.status).toBe(403);
  });
});
