/**
 * The Google Ads part's rules (src/features/admin/conversions/google-ads-report.ts, google-ads-words.ts):
 * reading google_ads_report and the google-ads-check function's answers, the latest problem, the
 * wait Google asks for and a failed call, in words.
 */
import { describe, expect, it } from 'vitest';
import {
  delayParts,
  dueNow,
  googleCounts,
  googleProblem,
  lastGoogleDelivery,
  listWords,
  readGoogleAdsCheck,
  readGoogleAdsReport,
  readGoogleAdsSetup,
} from '~/features/admin/conversions/google-ads-report';
import { delayWords, googleFailureText, notSetUpText } from '~/features/admin/conversions/google-ads-words';
import adminPage from '../../src/content/pages/admin.json';

const g = adminPage.conversions.googleAds;

/** google_ads_report(30) as the RPC answers it (jsonb). */
const ANSWER = {
  by_state: { delivered: 4, pending: 2, failed: 1, surprise: 3, sent: -1 },
  waiting_for_click_age: 2,
  next_due_at: '2026-11-28T15:00:00+00:00',
  reasons: [
    { state: 'failed', reason: 'INVALID_CLICK_ID', message: 'Google refused it: INVALID_CLICK_ID × 1.', n: 1 },
    { state: 'pending', reason: null, message: null, n: 0 },
    { state: 'gone', reason: 'X', message: 'Y', n: 1 },
    'not a row',
  ],
  last_delivered_at: null,
  status: {
    paused: false,
    problem_reason: null,
    problem_message: null,
    problem_at: null,
    last_success_at: '2026-11-28T09:00:00+00:00',
    last_run_at: '2026-11-28T09:00:00+00:00',
  },
};

describe('readGoogleAdsReport', () => {
  it('reads every field; keeps reasons of known states with a count; counts are whole and not negative', () => {
    const report = readGoogleAdsReport(ANSWER);
    expect(report).toMatchObject({ waitingForClickAge: 2, nextDueAt: '2026-11-28T15:00:00+00:00', lastDeliveredAt: null });
    expect(report.reasons).toEqual([{ state: 'failed', reason: 'INVALID_CLICK_ID', message: 'Google refused it: INVALID_CLICK_ID × 1.', n: 1 }]);
    expect(googleCounts(report)).toEqual({ delivered: 4, pending: 2, sent: 0, partial: 0, failed: 1, expired: 0, not_configured: 0 });
    expect(lastGoogleDelivery(report)).toBe('2026-11-28T09:00:00+00:00');
    expect(report.status).toEqual({
      paused: false,
      problemReason: null,
      problemMessage: null,
      problemAt: null,
      lastSuccessAt: '2026-11-28T09:00:00+00:00',
      lastRunAt: '2026-11-28T09:00:00+00:00',
    });
  });

  it('refuses what is not a report', () => {
    for (const junk of [null, [], 'x', { reasons: [] }, { by_state: [] }]) expect(() => readGoogleAdsReport(junk)).toThrow(/not a Google Ads report/);
  });
});

describe('googleProblem', () => {
  const status = { paused: false, problemReason: null, problemMessage: null, problemAt: null, lastSuccessAt: null, lastRunAt: null };

  it('none without a problem; a pause is one even without words', () => {
    expect(googleProblem(null)).toBeNull();
    expect(googleProblem(status)).toBeNull();
    expect(googleProblem({ ...status, paused: true })).toMatchObject({ paused: true, resolved: false, message: null });
  });

  it('over once a delivery succeeded after it, unless paused', () => {
    const seen = { ...status, problemReason: 'UNAVAILABLE', problemMessage: 'Google did not take the events', problemAt: '2026-11-27T08:00:00Z' };
    expect(googleProblem({ ...seen, lastSuccessAt: '2026-11-28T08:00:00Z' })?.resolved).toBe(true);
    expect(googleProblem({ ...seen, lastSuccessAt: '2026-11-26T08:00:00Z' })?.resolved).toBe(false);
    expect(googleProblem({ ...seen, paused: true, lastSuccessAt: '2026-11-28T08:00:00Z' })?.resolved).toBe(false);
  });
});

describe('the google-ads-check function’s answers', () => {
  it('GET, connected: the account, the events with an action, the delay, the service account, the local fake', () => {
    expect(
      readGoogleAdsSetup({
        configured: true,
        account: '123-456-7890',
        actions: { Lead: '111', Schedule: '222', Contact: null },
        delay_minutes: 360,
        service_account: 'site@x.iam.gserviceaccount.com',
        local_google: true,
      }),
    ).toEqual({
      configured: true,
      account: '123-456-7890',
      events: ['Lead', 'Schedule'],
      delayMinutes: 360,
      serviceAccount: 'site@x.iam.gserviceaccount.com',
      localGoogle: true,
    });
    expect(readGoogleAdsSetup({ configured: true, account: '1', delay_minutes: -5 })).toMatchObject({ delayMinutes: null, events: [], localGoogle: false });
  });

  it('GET, not connected: only names of settings in missing, or what is wrong', () => {
    expect(readGoogleAdsSetup({ configured: false, missing: ['GOOGLE_ADS_ACCOUNT_ID', 'rm -rf', 7] })).toEqual({
      configured: false,
      missing: ['GOOGLE_ADS_ACCOUNT_ID'],
      invalid: null,
    });
    expect(readGoogleAdsSetup({ configured: false, invalid: 'GOOGLE_ADS_DELAY_MINUTES is not a number' })).toEqual({
      configured: false,
      missing: [],
      invalid: 'GOOGLE_ADS_DELAY_MINUTES is not a number',
    });
  });

  it('GET: anything else is not an answer', () => {
    for (const junk of [null, {}, { configured: 'yes' }, { configured: true }]) expect(readGoogleAdsSetup(junk)).toBeNull();
  });

  it('POST: accepted with the events checked, or refused with the advice', () => {
    expect(readGoogleAdsCheck({ ok: true, checked: ['Lead', 3, ''], account: '123-456-7890' })).toEqual({ ok: true, checked: ['Lead'], account: '123-456-7890' });
    expect(readGoogleAdsCheck({ ok: false, kind: 'account', reason: 'PERMISSION_DENIED', status: 403, message: 'm', advice: 'Add the service account.' })).toEqual({
      ok: false,
      kind: 'account',
      reason: 'PERMISSION_DENIED',
      status: 403,
      message: 'm',
      advice: 'Add the service account.',
    });
    expect(readGoogleAdsCheck({ ok: false, status: '403' })).toMatchObject({ status: null, advice: null });
    expect(readGoogleAdsCheck({ checked: [] })).toBeNull();
  });
});

describe('words', () => {
  it('the wait in hours when whole, else in minutes; "some hours" when unknown', () => {
    expect(delayParts(360)).toEqual({ unit: 'hours', count: 6 });
    expect(delayParts(90)).toEqual({ unit: 'minutes', count: 90 });
    expect([360, 60, 90, 1, null].map((minutes) => delayWords(g, minutes))).toEqual(['6 hours', '1 hour', '90 minutes', '1 minute', 'some hours']);
  });

  it('lists events as a sentence does', () => {
    expect([['Lead'], ['Lead', 'Schedule'], ['Lead', 'Schedule', 'Contact']].map(listWords)).toEqual(['Lead', 'Lead and Schedule', 'Lead, Schedule, and Contact']);
  });

  it('a next conversion is due now when its time has come (or cannot be read)', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(dueNow('2026-11-28T12:00:00Z', now)).toBe(true);
    expect(dueNow('2026-11-28T12:00:01Z', now)).toBe(false);
    expect(dueNow('soon', now)).toBe(true);
  });

  it('settings missing or wrong, pointing to docs/google-ads.md', () => {
    expect(notSetUpText(g, ['A', 'B'], null)).toBe("The server has no A, B: set them in the functions' secrets, as docs/google-ads.md explains.");
    expect(notSetUpText(g, [], 'X is wrong.')).toBe('A setting is wrong: X is wrong. docs/google-ads.md explains each setting.');
    expect(notSetUpText(g, [], null)).toBeNull();
  });

  it('a failed call of the function', () => {
    const other = g.check.failed;
    expect(googleFailureText(g, { kind: 'absent' }, other)).toBe(g.absent);
    expect(googleFailureText(g, { kind: 'unreachable' }, other)).toBe(g.unreachable);
    expect(googleFailureText(g, { kind: 'forbidden' }, other)).toBe('Only admins may read and check the Google Ads connection.');
    expect(googleFailureText(g, { kind: 'notConfigured', missing: [], message: 'GOOGLE_SERVICE_ACCOUNT_KEY is not JSON' }, other)).toBe(
      'A setting is wrong: GOOGLE_SERVICE_ACCOUNT_KEY is not JSON. docs/google-ads.md explains each setting.',
    );
    expect(googleFailureText(g, { kind: 'notConfigured', missing: [], message: null }, other)).toBe('The check could not be made: 503.');
    expect(googleFailureText(g, { kind: 'other', message: '500: boom' }, g.setup.readFailed)).toBe('The Google Ads settings could not be read: 500: boom.');
  });
});
