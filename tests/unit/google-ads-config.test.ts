/**
 * The Google Ads settings and the Data Manager request built from them
 * (supabase/functions/_shared/google-ads-config.ts, google-ads-request.ts).
 */
import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_GOOGLE_DATA_MANAGER_URL,
  formatAccountId,
  googleActionFor,
  googleAdsConfig,
  ingestRequest,
  type GoogleAdsConfig,
  type GoogleAdsEnv,
} from '../../supabase/functions/_shared/google-ads.ts';
import { DEFAULT_GOOGLE_ADS_DELAY_MINUTES, type GoogleAdsEvent } from '../../supabase/functions/_shared/google-ads-event.ts';

let env: GoogleAdsEnv;

beforeAll(() => {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const keyFile = {
    type: 'service_account',
    project_id: 'coach',
    private_key_id: 'k1',
    private_key: privateKey,
    client_email: 'site@coach.iam.gserviceaccount.com',
    token_uri: 'https://oauth2.googleapis.com/token',
  };
  env = { GOOGLE_ADS_ACCOUNT_ID: '123-456-7890', GOOGLE_ADS_CONVERSION_ACTIONS: '{"Lead": "555", "Schedule": 444}', GOOGLE_SERVICE_ACCOUNT_KEY: JSON.stringify(keyFile) };
});

function configOf(overrides: GoogleAdsEnv = {}): GoogleAdsConfig {
  const result = googleAdsConfig({ ...env, ...overrides });
  if (!('config' in result)) throw new Error(JSON.stringify(result));
  return result.config;
}
const invalid = (overrides: GoogleAdsEnv) => {
  const result = googleAdsConfig({ ...env, ...overrides });
  return 'invalid' in result ? result.invalid : `not invalid: ${JSON.stringify(result)}`;
};

describe('googleAdsConfig', () => {
  it('reads the settings: dashes dropped from the account id, action ids as digits, the defaults', () => {
    const config = configOf();
    expect(config).toMatchObject({
      accountId: '1234567890',
      loginAccountId: null,
      conversionActions: { Lead: '555', Schedule: '444' },
      dataManagerUrl: DEFAULT_GOOGLE_DATA_MANAGER_URL,
      delayMinutes: DEFAULT_GOOGLE_ADS_DELAY_MINUTES,
    });
    expect(config.key.clientEmail).toBe('site@coach.iam.gserviceaccount.com');
    expect(configOf({ GOOGLE_ADS_LOGIN_ACCOUNT_ID: ' 9876543210 ', GOOGLE_DATA_MANAGER_URL: 'http://127.0.0.1:9/', GOOGLE_ADS_DELAY_MINUTES: '0' })).toMatchObject({
      loginAccountId: '9876543210',
      dataManagerUrl: 'http://127.0.0.1:9',
      delayMinutes: 0,
    });
  });

  it('none of the three required settings: all missing, and the site goes on without Google; some: those', () => {
    expect(googleAdsConfig({})).toEqual({ missing: ['GOOGLE_ADS_ACCOUNT_ID', 'GOOGLE_ADS_CONVERSION_ACTIONS', 'GOOGLE_SERVICE_ACCOUNT_KEY'] });
    expect(googleAdsConfig({ ...env, GOOGLE_SERVICE_ACCOUNT_KEY: ' ' })).toEqual({ missing: ['GOOGLE_SERVICE_ACCOUNT_KEY'] });
  });

  it.each([
    [{ GOOGLE_ADS_ACCOUNT_ID: '123-456-789' }, /GOOGLE_ADS_ACCOUNT_ID must be a Google Ads customer ID: 10 digits.*123-456-7890/],
    [{ GOOGLE_ADS_ACCOUNT_ID: 'AW-1234567890' }, /GOOGLE_ADS_ACCOUNT_ID must be/],
    [{ GOOGLE_ADS_LOGIN_ACCOUNT_ID: '12345678901' }, /GOOGLE_ADS_LOGIN_ACCOUNT_ID must be/],
    [{ GOOGLE_ADS_CONVERSION_ACTIONS: 'Lead=555' }, /GOOGLE_ADS_CONVERSION_ACTIONS must be a JSON object.*not JSON/],
    [{ GOOGLE_ADS_CONVERSION_ACTIONS: '["555"]' }, /GOOGLE_ADS_CONVERSION_ACTIONS must be a JSON object/],
    [{ GOOGLE_ADS_CONVERSION_ACTIONS: '{}' }, /names no conversion action/],
    [{ GOOGLE_ADS_CONVERSION_ACTIONS: '{"Signup": "1"}' }, /"Signup" is not one of the site's events \(Lead, Schedule, CompleteRegistration, Contact\)/],
    [{ GOOGLE_ADS_CONVERSION_ACTIONS: '{"Lead": "AW-555"}' }, /the conversion action for Lead must be its numeric id$/],
    [{ GOOGLE_ADS_CONVERSION_ACTIONS: '{"Lead": 1.5}' }, /for Lead must be its numeric id/],
    [{ GOOGLE_ADS_CONVERSION_ACTIONS: '{"Lead": "customers/1234567890/conversionActions/555"}' }, /use the number after conversionActions\//],
    [
      { GOOGLE_SERVICE_ACCOUNT_KEY: '{"type": "service_account"}' },
      /^GOOGLE_SERVICE_ACCOUNT_KEY: the service account key has no client_email, no private_key, no token_uri/,
    ],
    [{ GOOGLE_DATA_MANAGER_URL: 'http://datamanager.example' }, /GOOGLE_DATA_MANAGER_URL must be an https address/],
    [{ GOOGLE_ADS_DELAY_MINUTES: '-5' }, /GOOGLE_ADS_DELAY_MINUTES must be a whole number of minutes, 0 or more \(default 360\)/],
    [{ GOOGLE_ADS_DELAY_MINUTES: '90.5' }, /GOOGLE_ADS_DELAY_MINUTES must be/],
    [{ GOOGLE_ADS_DELAY_MINUTES: 'six hours' }, /GOOGLE_ADS_DELAY_MINUTES must be/],
  ] as [GoogleAdsEnv, RegExp][])('%j is refused, said plainly', (overrides, words) => {
    expect(invalid(overrides)).toMatch(words);
  });

  it('formats an account id as Google Ads shows it; an event without an action is not for Google', () => {
    expect(formatAccountId('1234567890')).toBe('123-456-7890');
    expect(googleActionFor(configOf(), 'Lead')).toBe('555');
    expect(googleActionFor(configOf(), 'Contact')).toBeNull();
  });
});

const event = (overrides: Partial<GoogleAdsEvent> = {}): GoogleAdsEvent => ({
  transaction_id: 'ev-1',
  event_name: 'Lead',
  event_time: '2026-11-28T14:03:56Z',
  click: { kind: 'gclid', id: 'Cj0KCQ-gclid' },
  click_time: '2026-11-27T10:00:00Z',
  ad_personalization: false,
  ...overrides,
});

describe('ingestRequest', () => {
  it('one destination per action, the account as operatingAccount, each event pointing at its destination', () => {
    expect(ingestRequest([event()], configOf())).toEqual({
      destinations: [{ reference: '555', operatingAccount: { accountType: 'GOOGLE_ADS', accountId: '1234567890' }, productDestinationId: '555' }],
      events: [
        {
          destinationReferences: ['555'],
          transactionId: 'ev-1',
          eventTimestamp: '2026-11-28T14:03:56.000Z',
          eventSource: 'WEB',
          adIdentifiers: { gclid: 'Cj0KCQ-gclid' },
          consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_DENIED' },
        },
      ],
      validateOnly: false,
    });
  });

  it('a gbraid or wbraid goes alone (no gclid); personalization granted when the visitor agreed; the manager account when set', () => {
    const request = ingestRequest(
      [event({ click: { kind: 'gbraid', id: 'gb' } }), event({ transaction_id: 'ev-2', click: { kind: 'wbraid', id: 'wb' }, ad_personalization: true })],
      configOf({ GOOGLE_ADS_LOGIN_ACCOUNT_ID: '9876543210' }),
      true,
    );
    expect(request.events.map((sent) => sent.adIdentifiers)).toEqual([{ gbraid: 'gb' }, { wbraid: 'wb' }]);
    expect(request.events[1]!.consent.adPersonalization).toBe('CONSENT_GRANTED');
    expect(request.destinations[0]!.loginAccount).toEqual({ accountType: 'GOOGLE_ADS', accountId: '9876543210' });
    expect(request.validateOnly).toBe(true);
  });

  it('destinations sorted by action id whatever the events’ order, and the same batch is the same bytes every time', () => {
    const config = configOf({ GOOGLE_ADS_CONVERSION_ACTIONS: '{"Lead": "1000", "Schedule": "999", "Contact": "1000"}' });
    const batch = [event(), event({ transaction_id: 'ev-2', event_name: 'Schedule' }), event({ transaction_id: 'ev-3', event_name: 'Contact' })];
    const request = ingestRequest(batch, config);
    expect(request.destinations.map((destination) => destination.reference)).toEqual(['999', '1000']);
    expect(request.events.map((sent) => sent.destinationReferences)).toEqual([['1000'], ['999'], ['1000']]);
    expect(ingestRequest([...batch].reverse(), config).destinations).toEqual(request.destinations);
    const bytes = JSON.stringify(ingestRequest(batch, config));
    expect(JSON.stringify(ingestRequest(structuredClone(batch), config))).toBe(bytes);
    expect(JSON.stringify(request.events[0])).toBe(
      '{"destinationReferences":["1000"],"transactionId":"ev-1","eventTimestamp":"2026-11-28T14:03:56.000Z","eventSource":"WEB","adIdentifiers":{"gclid":"Cj0KCQ-gclid"},"consent":{"adUserData":"CONSENT_GRANTED","adPersonalization":"CONSENT_DENIED"}}',
    );
  });
});
