// @vitest-environment node
/**
 * The fake Google (tests/support/fake-google.mjs) fails a wrong client as Google would: a JWT
 * signed by another key, for another audience or out of date; an expired access token; a request
 * not of the documented shape. And the site's client (google-ads.ts) works against it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGoogle } from '../support/fake-google.mjs';
import { googleAdsConfig, googleTokens, retrieveGoogleRequestStatus, sendGoogleEvents, type GoogleAdsConfig } from '../../supabase/functions/_shared/google-ads.ts';
import type { GoogleAdsEvent } from '../../supabase/functions/_shared/google-ads-event.ts';
import { DATA_MANAGER_SCOPE, parseServiceAccountKey, serviceAccountJwt, type ServiceAccountKey } from '../../supabase/functions/_shared/google-service-account.ts';

type Fake = Awaited<ReturnType<typeof startFakeGoogle>>;
let fake: Fake;
let other: Fake;
let clock = Date.now();
const deps = { fetch, now: () => clock };

beforeAll(async () => {
  [fake, other] = await Promise.all([startFakeGoogle({ now: () => clock }), startFakeGoogle()]);
});
afterAll(() => Promise.all([fake?.close(), other?.close()]));
beforeEach(() => {
  fake.reset();
  clock = Date.now();
});

function configOf(overrides: Record<string, string> = {}): GoogleAdsConfig {
  const result = googleAdsConfig({ ...fake.env(), ...overrides });
  if (!('config' in result)) throw new Error(JSON.stringify(result));
  return result.config;
}
const keyOf = (keyFile: object): ServiceAccountKey => {
  const result = parseServiceAccountKey(JSON.stringify(keyFile));
  if (!('key' in result)) throw new Error(result.invalid);
  return result.key;
};
const event = (id: string, overrides: Partial<GoogleAdsEvent> = {}): GoogleAdsEvent => ({
  transaction_id: id,
  event_name: 'Lead',
  event_time: new Date(clock - 60_000).toISOString(),
  click: { kind: 'gclid', id: `gclid-${id}` },
  click_time: new Date(clock - 7 * 3600_000).toISOString(),
  ad_personalization: false,
  ...overrides,
});
const tokenAnswer = async (assertion: string) => {
  const response = await fetch(`${fake.url}/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('the token endpoint', () => {
  it('issues a token for the key it made, and refuses a JWT signed by another key, for another audience, or out of date', async () => {
    const key = keyOf(fake.serviceAccountKey());
    expect(await tokenAnswer(await serviceAccountJwt(key, DATA_MANAGER_SCOPE, clock))).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 3600 } });
    const stranger = keyOf({ ...other.serviceAccountKey(), private_key_id: key.privateKeyId, client_email: key.clientEmail, token_uri: key.tokenUri });
    expect(await tokenAnswer(await serviceAccountJwt(stranger, DATA_MANAGER_SCOPE, clock))).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
    });
    const elsewhere = { ...key, tokenUri: 'https://oauth2.googleapis.com/token' };
    expect((await tokenAnswer(await serviceAccountJwt(elsewhere, DATA_MANAGER_SCOPE, clock))).body['error_description']).toMatch(/Failed audience check/);
    expect((await tokenAnswer(await serviceAccountJwt(key, DATA_MANAGER_SCOPE, clock - 2 * 3600_000))).body['error_description']).toMatch(/iat and exp/);
    expect((await tokenAnswer(await serviceAccountJwt(key, '', clock))).body).toMatchObject({ error: 'invalid_scope' });
    expect(fake.tokenRequests).toBe(5);
  });
});

describe('the Data Manager API', () => {
  it('takes a batch, keeps each transaction id once, and tells its processing: PROCESSING, then SUCCESS', async () => {
    const config = configOf();
    const tokens = googleTokens(config.key, deps);
    const sent = await sendGoogleEvents([event('a'), event('b', { event_name: 'Schedule', click: { kind: 'wbraid', id: 'wb' } })], config, tokens, deps);
    expect(sent).toMatchObject({ kind: 'sent', requestId: expect.any(String) });
    const requestId = (sent as { requestId: string }).requestId;
    expect([...fake.accepted.keys()]).toEqual(['a', 'b']);
    expect(fake.accepted.get('b')).toMatchObject({ conversionActionId: '700000002', event: { adIdentifiers: { wbraid: 'wb' } } });
    const status = () => retrieveGoogleRequestStatus(requestId, config, tokens, deps);
    expect(await status()).toMatchObject({ kind: 'status', destinations: [{ status: 'PROCESSING' }, { status: 'PROCESSING' }] });
    expect(await status()).toEqual({
      kind: 'status',
      destinations: [
        { status: 'SUCCESS', productDestinationId: '700000001', recordCount: 1, errors: [] },
        { status: 'SUCCESS', productDestinationId: '700000002', recordCount: 1, errors: [] },
      ],
    });
    const again = (await sendGoogleEvents([event('a'), event('c')], config, tokens, deps)) as { requestId: string };
    expect(fake.accepted.size).toBe(3);
    expect(fake.duplicates).toBe(1);
    await retrieveGoogleRequestStatus(again.requestId, config, tokens, deps);
    expect(await retrieveGoogleRequestStatus(again.requestId, config, tokens, deps)).toMatchObject({
      destinations: [{ status: 'PARTIAL_SUCCESS', recordCount: 2, errors: [{ reason: 'PROCESSING_ERROR_REASON_DUPLICATE_TRANSACTION_ID', count: 1 }] }],
    });
    expect(fake.tokenRequests).toBe(1);
  });

  it('an expired token is answered 401: the client renews it once and is taken', async () => {
    const config = configOf();
    const tokens = googleTokens(config.key, deps);
    expect(await sendGoogleEvents([event('a')], config, tokens, deps)).toMatchObject({ kind: 'sent' });
    fake.expireTokens();
    expect(await sendGoogleEvents([event('b')], config, tokens, deps)).toMatchObject({ kind: 'sent' });
    expect(fake.requests.map((request) => `${request.path} ${request.outcome}`)).toEqual([
      '/token 200',
      '/v1/events:ingest 200',
      '/v1/events:ingest 401',
      '/token 200',
      '/v1/events:ingest 200',
    ]);
    fake.setTokenLifetime(120);
    const shortLived = await tokens.renew();
    clock += 121_000;
    const statusWith = async (token: string) => {
      const response = await fetch(`${fake.url}/v1/requestStatus:retrieve?requestId=x`, { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, reason: ((await response.json()) as { error: { details: { reason: string }[] } }).error.details[0]!.reason };
    };
    expect(await statusWith(shortLived)).toEqual({ status: 401, reason: 'ACCESS_TOKEN_EXPIRED' });
    expect(await statusWith('ya29.never-issued')).toEqual({ status: 401, reason: 'ACCESS_TOKEN_TYPE_UNSUPPORTED' });
  });

  it('refuses what is not of the documented shape, naming the event: the client hears which', async () => {
    const config = configOf();
    const token = await googleTokens(config.key, deps).get();
    const ingest = async (body: unknown) => {
      const response = await fetch(`${fake.url}/v1/events:ingest`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as { error: { status: string; details: { fieldViolations?: { field: string }[] }[] } } };
    };
    const good = {
      destinations: [{ reference: 'r', operatingAccount: { accountType: 'GOOGLE_ADS', accountId: '1234567890' }, productDestinationId: '700000001' }],
      events: [
        {
          transactionId: 't',
          eventTimestamp: new Date(clock - 60_000).toISOString(),
          adIdentifiers: { gclid: 'g' },
          consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_DENIED' },
        },
      ],
    };
    expect((await ingest(good)).status).toBe(200);
    const twoClicks = { ...good.events[0], adIdentifiers: { gclid: 'g', gbraid: 'b' } };
    const fields = async (body: unknown) => (await ingest(body)).body.error.details.flatMap((detail) => detail.fieldViolations ?? []).map((violation) => violation.field);
    expect(await fields({ ...good, events: [good.events[0], twoClicks] })).toEqual(['events[1].adIdentifiers']);
    expect(await fields({ ...good, events: [{ ...good.events[0], eventTimestamp: '2026-01-01 00:00' }] })).toEqual(['events[0].eventTimestamp']);
    // A misspelt name is refused as Google's JSON parser refuses it.
    expect(await fields({ ...good, events: [{ ...good.events[0], consent: undefined, adIdentifier: { gclid: 'g' } }] })).toEqual(['events[0]', 'events[0].consent']);
    expect(await fields({ ...good, destinations: [{ ...good.destinations[0], operatingAccount: { accountType: 'GOOGLE_ADS', accountId: '123-456-7890' } }] })).toEqual([
      'destinations[0].operatingAccount.accountId',
    ]);
    expect(await fields({ ...good, events: Array.from({ length: 2001 }, () => good.events[0]) })).toEqual(['events']);
    fake.refuseEvent('b', 'INVALID_FORMAT');
    expect(await sendGoogleEvents([event('a'), event('b')], config, googleTokens(config.key, deps), deps)).toMatchObject({ kind: 'rejected', status: 400, events: [1] });
    // Google fails fast: nothing of a refused request is kept.
    expect([...fake.accepted.keys()]).toEqual(['t']);
  });

  it('validateOnly checks without keeping; a refused action, account or key pauses; an outage is transient', async () => {
    const config = configOf();
    const tokens = googleTokens(config.key, deps);
    expect(await sendGoogleEvents([event('v')], config, tokens, deps, { validateOnly: true })).toEqual({ kind: 'sent', requestId: null });
    expect(fake.accepted.size).toBe(0);
    const unknownAction = configOf({ GOOGLE_ADS_CONVERSION_ACTIONS: '{"Lead": "123"}' });
    expect(await sendGoogleEvents([event('a')], unknownAction, tokens, deps)).toMatchObject({ kind: 'account', conversionActionId: '123' });
    expect(await sendGoogleEvents([event('a')], configOf({ GOOGLE_ADS_ACCOUNT_ID: '1112223333' }), tokens, deps)).toMatchObject({
      kind: 'account',
      reason: 'PERMISSION_DENIED',
    });
    fake.refuseAccount('SERVICE_DISABLED');
    expect(await sendGoogleEvents([event('a')], config, tokens, deps)).toMatchObject({ kind: 'account', reason: 'SERVICE_DISABLED' });
    fake.refuseAccount(null);
    fake.setMode('down');
    expect(await sendGoogleEvents([event('a')], config, tokens, deps)).toMatchObject({ kind: 'transient', status: 503 });
    fake.setMode('reset');
    expect(await sendGoogleEvents([event('a')], config, tokens, deps)).toMatchObject({ kind: 'transient', status: null });
    fake.setMode('up');
    fake.refuseKey(true);
    expect(await sendGoogleEvents([event('a')], config, googleTokens(config.key, deps), deps)).toMatchObject({ kind: 'account', reason: 'invalid_grant', status: 400 });
    fake.refuseKey(false);
    fake.setDelay(300);
    expect(await sendGoogleEvents([event('a')], config, tokens, { ...deps, attemptTimeoutMs: 100 })).toMatchObject({ kind: 'transient', reason: 'timeout' });
    expect(fake.accepted.size).toBe(0);
  });

  it('fails events later as Google does: a click over 90 days before, one too recent, or as told', async () => {
    const config = configOf();
    const tokens = googleTokens(config.key, deps);
    fake.registerClick('gclid-old', clock - 91 * 24 * 3600_000);
    fake.registerClick('gclid-fresh', clock - 60_000);
    fake.setMinClickAge(6 * 3600_000);
    fake.failLater('told', 'PROCESSING_ERROR_REASON_INVALID_GCLID');
    const sent = await sendGoogleEvents(
      [event('old', { click: { kind: 'gclid', id: 'gclid-old' } }), event('fresh'), event('told'), event('fine')],
      config,
      tokens,
      deps,
    );
    const requestId = (sent as { requestId: string }).requestId;
    await retrieveGoogleRequestStatus(requestId, config, tokens, deps);
    expect(await retrieveGoogleRequestStatus(requestId, config, tokens, deps)).toEqual({
      kind: 'status',
      destinations: [
        {
          status: 'PARTIAL_SUCCESS',
          productDestinationId: '700000001',
          recordCount: 4,
          errors: [
            { reason: 'PROCESSING_ERROR_REASON_EVENT_TOO_OLD', count: 1 },
            { reason: 'PROCESSING_ERROR_REASON_INVALID_GCLID', count: 2 },
          ],
        },
      ],
    });
    expect([...fake.accepted.keys()]).toEqual(['fine']);
    expect([...fake.failed.keys()]).toEqual(['old', 'fresh', 'told']);
  });
});
