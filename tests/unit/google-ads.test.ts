/**
 * Sending conversions to Google Ads and reading how Google's processing went
 * (supabase/functions/_shared/google-ads.ts), against answers shaped as Google's, and what the
 * coach is told about each (google-ads-problems.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  googleAdsProblemWords,
  MAX_GOOGLE_BATCH,
  retrieveGoogleRequestStatus,
  sendGoogleEvents,
  type GoogleAdsConfig,
  type GoogleSendResult,
} from '../../supabase/functions/_shared/google-ads.ts';
import type { GoogleAdsEvent } from '../../supabase/functions/_shared/google-ads-event.ts';
import { GoogleTokenError, type GoogleTokens } from '../../supabase/functions/_shared/google-service-account.ts';

const config: GoogleAdsConfig = {
  accountId: '1234567890',
  loginAccountId: null,
  conversionActions: { Lead: '555', Schedule: '444' },
  key: {
    clientEmail: 'site@coach.iam.gserviceaccount.com',
    privateKeyId: 'k',
    tokenUri: 'https://oauth2.googleapis.com/token',
    projectId: 'coach',
    pkcs8: new Uint8Array(),
  },
  dataManagerUrl: 'https://datamanager.googleapis.com',
  delayMinutes: 360,
};
const event = (id = 'ev-0', overrides: Partial<GoogleAdsEvent> = {}): GoogleAdsEvent => ({
  transaction_id: id,
  event_name: 'Lead',
  event_time: '2026-11-28T14:03:56Z',
  click: { kind: 'gclid', id: `gclid-${id}` },
  click_time: '2026-11-27T10:00:00Z',
  ad_personalization: false,
  ...overrides,
});
const events = (count: number) => Array.from({ length: count }, (_, i) => event(`ev-${i}`));

type Answer = { status: number; body?: unknown } | Error;
const googleError = (code: number, status: string, message: string, details: unknown[] = []) => ({ status: code, body: { error: { code, status, message, details } } });
const errorInfo = (reason: string, domain = 'datamanager.googleapis.com') => ({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain, metadata: {} });
const badRequest = (...fields: string[]) => ({
  '@type': 'type.googleapis.com/google.rpc.BadRequest',
  fieldViolations: fields.map((field) => ({ field, description: 'bad' })),
});

/** Google answering in turn (then 200 with a request id); each request kept. */
function google(answers: Answer[], tokenFailure?: GoogleTokenError) {
  const requests: { url: string; method: string; authorization: string | null; body: string | null }[] = [];
  const issued: string[] = [];
  const tokens: GoogleTokens = {
    get: async () => {
      if (tokenFailure) throw tokenFailure;
      if (issued.length === 0) issued.push('token-1');
      return issued.at(-1)!;
    },
    renew: async () => {
      issued.push(`token-${issued.length + 1}`);
      return issued.at(-1)!;
    },
  };
  const deps = {
    now: () => 0,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({
        url: String(input),
        method: init?.method ?? 'GET',
        authorization: new Headers(init?.headers).get('authorization'),
        body: (init?.body as string) ?? null,
      });
      const answer = answers.shift() ?? { status: 200, body: { requestId: `req-${requests.length}` } };
      if (answer instanceof Error) throw answer;
      return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {}), { status: answer.status });
    },
  };
  return { requests, issued, tokens, deps, send: (batch: GoogleAdsEvent[], validateOnly?: boolean) => sendGoogleEvents(batch, config, tokens, deps, { validateOnly }) };
}

describe('sendGoogleEvents', () => {
  it('posts the request with the access token and answers with Google’s request id', async () => {
    const g = google([]);
    expect(await g.send(events(2))).toEqual({ kind: 'sent', requestId: 'req-1' });
    expect(g.requests[0]).toMatchObject({ url: 'https://datamanager.googleapis.com/v1/events:ingest', method: 'POST', authorization: 'Bearer token-1' });
    expect(JSON.parse(g.requests[0]!.body!).events.map((sent: { transactionId: string }) => sent.transactionId)).toEqual(['ev-0', 'ev-1']);
  });

  it('a 401 renews the token once and sends the same bytes; a second 401 is the account’s problem', async () => {
    const unauthenticated = googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.', [errorInfo('ACCESS_TOKEN_EXPIRED', 'googleapis.com')]);
    const g = google([unauthenticated]);
    expect(await g.send(events(3))).toEqual({ kind: 'sent', requestId: 'req-2' });
    expect(g.requests.map((request) => request.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(g.requests[1]!.body).toBe(g.requests[0]!.body);
    const twice = google([unauthenticated, unauthenticated]);
    expect(await twice.send(events(1))).toMatchObject({ kind: 'account', status: 401, reason: 'ACCESS_TOKEN_EXPIRED' });
    expect(twice.requests).toHaveLength(2);
  });

  it.each<[string, Answer, Partial<GoogleSendResult>]>([
    ['no answer', new TypeError('fetch failed'), { kind: 'transient', status: null, reason: 'network' }],
    ['a timeout', Object.assign(new Error('timed out'), { name: 'TimeoutError' }), { kind: 'transient', reason: 'timeout' }],
    ['429', googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.'), { kind: 'transient', status: 429, reason: 'RESOURCE_EXHAUSTED' }],
    ['503 without JSON', { status: 503, body: '<html>Service Unavailable</html>' }, { kind: 'transient', status: 503, reason: 'HTTP 503' }],
    [
      'PERMISSION_DENIED',
      googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission', [errorInfo('PERMISSION_DENIED')]),
      { kind: 'account', status: 403 },
    ],
    [
      'the API not enabled',
      googleError(403, 'PERMISSION_DENIED', 'Data Manager API has not been used', [errorInfo('SERVICE_DISABLED', 'googleapis.com')]),
      { kind: 'account', reason: 'SERVICE_DISABLED' },
    ],
    [
      'the terms',
      googleError(400, 'FAILED_PRECONDITION', 'Terms not accepted.', [errorInfo('TERMS_AND_CONDITIONS_NOT_SIGNED')]),
      { kind: 'account', reason: 'TERMS_AND_CONDITIONS_NOT_SIGNED' },
    ],
    ['NOT_FOUND', googleError(404, 'NOT_FOUND', 'Resource not found.'), { kind: 'account', status: 404, reason: 'NOT_FOUND' }],
    [
      'an unknown conversion action',
      googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', [errorInfo('INVALID_ARGUMENT'), badRequest('destinations[1].productDestinationId')]),
      { kind: 'account', status: 400, conversionActionId: '555' },
    ],
    [
      'events Google names',
      googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', [
        errorInfo('INVALID_ARGUMENT'),
        badRequest('events[3].adIdentifiers.gclid', 'events[1]', 'events[3].consent'),
      ]),
      { kind: 'rejected', status: 400, events: [1, 3] },
    ],
    ['the request as a whole', googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'), { kind: 'rejected', events: [] }],
  ])('%s', async (_, answer, expected) => {
    const batch = [...events(4), event('ev-s', { event_name: 'Schedule' })];
    expect(await google([answer]).send(batch)).toMatchObject(expected);
  });

  it('a refused destination names its conversion action only when Google named the action', async () => {
    const refusal = (field: string) => googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', [badRequest(field)]);
    const batch = [event('a'), event('s', { event_name: 'Schedule' })];
    expect(await google([refusal('destinations[0].productDestinationId')]).send(batch)).toMatchObject({ kind: 'account', conversionActionId: '444' });
    const account = await google([refusal('destinations[0].operatingAccount.accountId')]).send(batch);
    expect(account).toMatchObject({ kind: 'account', status: 400 });
    expect(account).not.toHaveProperty('conversionActionId');
  });

  it('the token endpoint’s refusal pauses delivery; its outage is transient', async () => {
    const refused = new GoogleTokenError('refused', 'invalid_grant', "Google's token endpoint: invalid_grant: Invalid JWT Signature.", 400);
    expect(await google([], refused).send(events(1))).toEqual({
      kind: 'account',
      status: 400,
      reason: 'invalid_grant',
      message: expect.stringMatching(/Invalid JWT Signature/),
    });
    expect(await google([], new GoogleTokenError('transient', 'http_503', 'down', 503)).send(events(1))).toMatchObject({ kind: 'transient', status: 503 });
  });

  it('an event without a conversion action or a date is refused here, by its index, without a request', async () => {
    const g = google([]);
    const result = await g.send([event('a'), event('b', { event_name: 'Contact' }), event('c', { event_time: 'yesterday' })]);
    expect(result).toMatchObject({
      kind: 'rejected',
      status: null,
      events: [1, 2],
      message: expect.stringMatching(/events\[1\]: no conversion action is set for Contact/),
    });
    expect(g.requests).toHaveLength(0);
  });

  it(`carries 1 to ${MAX_GOOGLE_BATCH} events; validateOnly is asked for and kept nothing (no request id)`, async () => {
    const g = google([{ status: 200, body: {} }]);
    expect(await g.send(events(MAX_GOOGLE_BATCH), true)).toEqual({ kind: 'sent', requestId: null });
    expect(JSON.parse(g.requests[0]!.body!)).toMatchObject({ validateOnly: true, events: { length: MAX_GOOGLE_BATCH } });
    await expect(g.send(events(MAX_GOOGLE_BATCH + 1))).rejects.toThrow(RangeError);
    await expect(g.send([])).rejects.toThrow(RangeError);
  });
});

describe('retrieveGoogleRequestStatus', () => {
  it('reads each destination’s status, its count and the failures by reason, in the request’s order', async () => {
    const entry = (status: string, action: string, count: string, errorCounts?: unknown[]) => ({
      destination: { reference: action, productDestinationId: action },
      requestStatus: status,
      eventsIngestionStatus: { recordCount: count },
      ...(errorCounts ? { errorInfo: { errorCounts } } : {}),
    });
    const body = {
      requestStatusPerDestination: [
        entry('PARTIAL_SUCCESS', '444', '3', [{ reason: 'PROCESSING_ERROR_REASON_EVENT_TOO_OLD', recordCount: '2' }]),
        entry('SUCCESS', '555', '1'),
        entry('SOMETHING_NEW', '556', '1'),
      ],
    };
    const g = google([{ status: 200, body }]);
    expect(await retrieveGoogleRequestStatus('req/1', config, g.tokens, g.deps)).toEqual({
      kind: 'status',
      destinations: [
        { status: 'PARTIAL_SUCCESS', productDestinationId: '444', recordCount: 3, errors: [{ reason: 'PROCESSING_ERROR_REASON_EVENT_TOO_OLD', count: 2 }] },
        { status: 'SUCCESS', productDestinationId: '555', recordCount: 1, errors: [] },
        { status: 'REQUEST_STATUS_UNKNOWN', productDestinationId: '556', recordCount: 1, errors: [] },
      ],
    });
    expect(g.requests[0]).toMatchObject({
      method: 'GET',
      url: 'https://datamanager.googleapis.com/v1/requestStatus:retrieve?requestId=req%2F1',
      authorization: 'Bearer token-1',
    });
  });

  it('refusals as for a send: an outage is transient, a refused account pauses', async () => {
    const g = google([googleError(503, 'UNAVAILABLE', 'down'), googleError(403, 'PERMISSION_DENIED', 'no')]);
    expect(await retrieveGoogleRequestStatus('r', config, g.tokens, g.deps)).toMatchObject({ kind: 'transient', status: 503 });
    expect(await retrieveGoogleRequestStatus('r', config, g.tokens, g.deps)).toMatchObject({ kind: 'account', status: 403 });
  });
});

describe('googleAdsProblemWords', () => {
  const words = (result: Parameters<typeof googleAdsProblemWords>[0], settings = config) => googleAdsProblemWords(result, settings) ?? '';
  const account = (reason: string, extra: object = {}) => ({ kind: 'account' as const, status: 403, reason, message: 'm', ...extra });

  it('names what to fix: the user to add, the key to make, the API to enable, the terms, the action', () => {
    expect(words(account('PERMISSION_DENIED'))).toBe(
      'Google refused the service account: add site@coach.iam.gserviceaccount.com as a user of Google Ads account 123-456-7890 (Google Ads → Admin → Access and security → +, Standard access).',
    );
    expect(words(account('PERMISSION_DENIED'), { ...config, loginAccountId: '9876543210' })).toMatch(
      /as a user of manager account 987-654-3210 \(GOOGLE_ADS_LOGIN_ACCOUNT_ID\), which must manage account 123-456-7890/,
    );
    expect(words({ ...account('invalid_grant'), status: 400 })).toMatch(
      /^Google refused the service account key of site@coach.*deleted or disabled.*Create new key → JSON.*GOOGLE_SERVICE_ACCOUNT_KEY/,
    );
    expect(words(account('SERVICE_DISABLED'))).toMatch(
      /Data Manager API is not enabled in the Google Cloud project coach: enable it at .*datamanager.googleapis.com\?project=coach/,
    );
    expect(words(account('TERMS_AND_CONDITIONS_NOT_SIGNED'))).toMatch(/account 123-456-7890 has not accepted Google’s customer data terms/);
    expect(words(account('INVALID_ARGUMENT', { conversionActionId: '555' }))).toMatch(/refused conversion action 555 \(set for Lead in GOOGLE_ADS_CONVERSION_ACTIONS\)/);
    expect(words(account('INVALID_CONVERSION_ACTION_ID'))).toMatch(/one of the conversion actions in GOOGLE_ADS_CONVERSION_ACTIONS \(Lead → 555, Schedule → 444\)/);
    expect(words({ ...account('ACCESS_TOKEN_EXPIRED'), status: 401 })).toMatch(/did not accept the access tokens of site@coach.*even a new one/);
  });

  it('an outage asks nothing of the coach; a refused event is for the developer; a sent request says nothing', () => {
    expect(words({ kind: 'transient', status: null, reason: 'timeout', message: '' })).toMatch(/could not be reached \(timeout\): nothing to do/);
    expect(words({ kind: 'transient', status: 429, reason: 'RESOURCE_EXHAUSTED', message: '' })).toMatch(/more slowly: nothing to do/);
    expect(words({ kind: 'rejected', status: 400, reason: 'INVALID_ARGUMENT', message: 'bad gclid', events: [2] })).toMatch(
      /refused 1 conversion as invalid.*site’s developer/,
    );
    expect(words({ kind: 'rejected', status: 400, reason: 'INVALID_REQUEST_ID', message: 'The request ID is not valid.', events: [] })).toMatch(
      /no longer knows the request.*nothing to do/,
    );
    expect(googleAdsProblemWords({ kind: 'sent', requestId: 'r' }, config)).toBeNull();
  });

  it('processing failures by reason, per action; duplicates and a clean status say nothing', () => {
    const status = (errors: { reason: string; count: number }[]) => ({
      kind: 'status' as const,
      destinations: [{ status: 'PARTIAL_SUCCESS' as const, productDestinationId: '444', recordCount: 5, errors }],
    });
    expect(words(status([{ reason: 'PROCESSING_ERROR_REASON_EVENT_TOO_OLD', count: 2 }]))).toBe(
      'Google Ads did not count some conversions. Schedule (conversion action 444): 2 conversions came too long after the ad click (Google takes a conversion up to 90 days after its click).',
    );
    expect(words(status([{ reason: 'PROCESSING_ERROR_OPERATING_ACCOUNT_MISMATCH_FOR_AD_IDENTIFIER', count: 1 }]))).toMatch(
      /1 conversion came from ads of another Google Ads account than 123-456-7890/,
    );
    expect(googleAdsProblemWords(status([{ reason: 'PROCESSING_ERROR_REASON_DUPLICATE_TRANSACTION_ID', count: 3 }]), config)).toBeNull();
    expect(googleAdsProblemWords(status([]), config)).toBeNull();
  });
});
