/** The Conversions tab's rules (src/features/admin/conversions/conversions-report.ts): reading the report, days, campaigns, totals, delivery. */
import { describe, expect, it } from 'vitest';
import {
  type ConversionReport,
  addUtcDays,
  busiestDay,
  campaignRows,
  chartMax,
  dailySeries,
  deliveryCounts,
  lastDelivery,
  latestProblem,
  periodDays,
  periodRange,
  readReport,
  totalsOf,
  typeLabel,
  typesOf,
} from '~/features/admin/conversions/conversions-report';

/** conversion_report(7) as the RPC answers it (jsonb), on 2026-11-25. */
const ANSWER = {
  since: '2026-11-19T00:00:00+00:00',
  by_type: { lead_form: 3, call_scheduling: 1, contact: 1, Lead: 1 },
  by_day: [
    { day: '2026-11-19', type: 'lead_form', n: 2 },
    { day: '2026-11-19', type: 'call_scheduling', n: 1 },
    { day: '2026-11-22', type: 'Lead', n: 1 },
    { day: '2026-11-25', type: 'contact', n: 1 },
    { day: '2026-11-25', type: 'lead_form', n: 1 },
  ],
  by_campaign: [
    { source: null, campaign: null, type: 'contact', n: 1 },
    { source: 'facebook', campaign: 'spring', type: 'lead_form', n: 1 },
    { source: 'facebook', campaign: 'summer', type: 'call_scheduling', n: 1 },
    { source: 'facebook', campaign: 'summer', type: 'lead_form', n: 2 },
    { source: 'instagram', campaign: null, type: 'Lead', n: 1 },
  ],
  by_state: { delivered: 3, not_consented: 2, failed: 1 },
  last_delivered_at: '2026-11-25T09:30:00.123+00:00',
  status: {
    paused: false,
    problem_code: 190,
    problem_message: 'Error validating access token',
    problem_at: '2026-11-24T08:00:00+00:00',
    last_success_at: '2026-11-25T09:30:00+00:00',
    last_run_at: '2026-11-25T09:30:00+00:00',
    api_version: 'v21.0',
  },
};

const report = (): ConversionReport => readReport(ANSWER);

describe('readReport', () => {
  it('reads every field, the first day from since', () => {
    const r = report();
    expect(r.from).toBe('2026-11-19');
    expect(r.byType).toEqual({ lead_form: 3, call_scheduling: 1, contact: 1, Lead: 1 });
    expect(r.byDay).toHaveLength(5);
    expect(r.byCampaign[0]).toEqual({ source: null, campaign: null, type: 'contact', n: 1 });
    expect(r.adminVisits).toBe(0);
    expect(readReport({ ...ANSWER, admin_visits: 4 }).adminVisits).toBe(4);
    expect(r.byState).toEqual({ delivered: 3, not_consented: 2, failed: 1 });
    expect(r.status).toEqual({
      paused: false,
      problemCode: 190,
      problemMessage: 'Error validating access token',
      problemAt: '2026-11-24T08:00:00+00:00',
      lastSuccessAt: '2026-11-25T09:30:00+00:00',
      lastRunAt: '2026-11-25T09:30:00+00:00',
      apiVersion: 'v21.0',
    });
  });

  it('an empty period: empty lists and counts; a status row never written is all nulls', () => {
    const r = readReport({
      since: '2026-10-27T00:00:00+00:00',
      by_type: {},
      by_day: [],
      by_campaign: [],
      by_state: {},
      last_delivered_at: null,
      status: { paused: false, problem_code: null, problem_message: null, problem_at: null, last_success_at: null, last_run_at: null, api_version: null },
    });
    expect(totalsOf(r)).toEqual({ byType: { lead_form: 0, call_scheduling: 0, resource_registration: 0, contact: 0 }, total: 0 });
    expect(latestProblem(r.status)).toBeNull();
    expect(lastDelivery(r)).toBeNull();
    expect(deliveryCounts(r)).toEqual({ delivered: 0, pending: 0, failed: 0, expired: 0, not_configured: 0, not_consented: 0 });
  });

  it('refuses what is not a report; ignores counts that are not whole positive numbers', () => {
    expect(() => readReport(null)).toThrow('not a conversion report');
    expect(() => readReport({ since: 'yesterday' })).toThrow('not a conversion report');
    expect(readReport({ since: '2026-11-19T00:00:00Z', by_type: { lead_form: '3', contact: -1, call_scheduling: 2.7 } }).byType).toEqual({
      lead_form: 0,
      contact: 0,
      call_scheduling: 2,
    });
  });
});

describe('days of the period', () => {
  it('counts UTC calendar days across months and years', () => {
    expect(addUtcDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addUtcDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(periodDays('2026-11-19', 7)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
    expect(periodRange('2026-08-28', 90)).toEqual({ from: '2026-08-28', to: '2026-11-25' });
    expect(periodDays('2026-08-28', 90)).toHaveLength(90);
  });

  it('fills every day, zeroes included, with the counts per type and the total', () => {
    const series = dailySeries(report(), 7);
    expect(series.map((entry) => entry.total)).toEqual([3, 0, 0, 1, 0, 0, 2]);
    expect(series[0]).toEqual({ day: '2026-11-19', counts: { lead_form: 2, call_scheduling: 1, resource_registration: 0, contact: 0, Lead: 0 }, total: 3 });
    expect(series[3]!.counts.Lead).toBe(1);
    expect(series[1]!.counts).toEqual({ lead_form: 0, call_scheduling: 0, resource_registration: 0, contact: 0, Lead: 0 });
  });

  it('leaves out a row outside the period', () => {
    const r = { ...report(), byDay: [{ day: '2026-11-18', type: 'lead_form', n: 5 }] };
    expect(dailySeries(r, 7).reduce((sum, entry) => sum + entry.total, 0)).toBe(0);
  });

  it('the busiest day is the first of the largest; none when all are zero', () => {
    const series = dailySeries(report(), 7);
    expect(busiestDay(series)?.day).toBe('2026-11-19');
    expect(busiestDay(dailySeries({ ...report(), byDay: [] }, 7))).toBeNull();
  });

  it('the chart top is 1, 2 or 5 × 10ⁿ at or over the busiest day', () => {
    const top = (n: number) => chartMax([{ day: 'd', counts: {}, total: n }]);
    expect([0, 1, 2, 3, 5, 6, 10, 11, 20, 21, 99, 100, 101].map(top)).toEqual([1, 1, 2, 5, 5, 10, 10, 20, 20, 50, 100, 100, 200]);
  });
});

describe('types and totals', () => {
  it('the four types in order, then any event name without a type', () => {
    expect(typesOf(report())).toEqual(['lead_form', 'call_scheduling', 'resource_registration', 'contact', 'Lead']);
  });

  it('totals every type, zero for a type without conversions', () => {
    expect(totalsOf(report())).toEqual({ byType: { lead_form: 3, call_scheduling: 1, resource_registration: 0, contact: 1, Lead: 1 }, total: 6 });
  });

  it('labels the four types from the copy and any other key with the template', () => {
    const labels = { lead_form: 'Leads', call_scheduling: 'Calls booked', resource_registration: 'Guide sign-ups', contact: 'Contacts' };
    expect(typeLabel('call_scheduling', labels, '{name} (no type)')).toBe('Calls booked');
    expect(typeLabel('Lead', labels, '{name} (no type)')).toBe('Lead (no type)');
  });
});

describe('campaign rows', () => {
  it('one row per source and campaign, counts per type, largest total first, then by name; null stays null', () => {
    const rows = campaignRows(report());
    expect(rows.map((row) => [row.source, row.campaign, row.total])).toEqual([
      ['facebook', 'summer', 3],
      [null, null, 1],
      ['facebook', 'spring', 1],
      ['instagram', null, 1],
    ]);
    expect(rows[0]!.counts).toEqual({ lead_form: 2, call_scheduling: 1, resource_registration: 0, contact: 0, Lead: 0 });
    expect(rows[3]!.counts.Lead).toBe(1);
  });

  it('keeps a campaign named "null" apart from no campaign', () => {
    const r = {
      ...report(),
      byCampaign: [
        { source: 'x', campaign: 'null', type: 'contact', n: 1 },
        { source: 'x', campaign: null, type: 'contact', n: 2 },
      ],
    };
    expect(campaignRows(r).map((row) => row.campaign)).toEqual([null, 'null']);
  });
});

describe('delivery', () => {
  it('counts every state, zero when absent', () => {
    expect(deliveryCounts(report())).toEqual({ delivered: 3, pending: 0, failed: 1, expired: 0, not_configured: 0, not_consented: 2 });
  });

  it('the last delivery is the newest delivered row, else the last successful run', () => {
    expect(lastDelivery(report())).toBe('2026-11-25T09:30:00.123+00:00');
    expect(lastDelivery({ ...report(), lastDeliveredAt: null })).toBe('2026-11-25T09:30:00+00:00');
  });

  it('a problem followed by a success is resolved; while paused it is not', () => {
    const status = report().status!;
    expect(latestProblem(status)).toEqual({ code: 190, message: 'Error validating access token', at: '2026-11-24T08:00:00+00:00', paused: false, resolved: true });
    expect(latestProblem({ ...status, paused: true })).toMatchObject({ paused: true, resolved: false });
    expect(latestProblem({ ...status, lastSuccessAt: '2026-11-23T00:00:00+00:00' })?.resolved).toBe(false);
    expect(latestProblem({ ...status, lastSuccessAt: null })?.resolved).toBe(false);
    expect(latestProblem(null)).toBeNull();
  });
});
