import { describe, expect, it } from 'vitest';
import {
  type DebugConfig,
  calendarSummary,
  errorHint,
  errorMessageOf,
  fromLocalFake,
  locationMissing,
  locationSource,
  missingSettingsOf,
  preselectUserIds,
  resultHint,
  serverLocationOf,
  slotsByDate,
  stepBody,
  withServerLocation,
} from '~/features/admin/calendar/calendar-debugger';
import { addDays, dayBounds, todayIn } from '~/features/admin/calendar/day-bounds';

const HOUR = 3_600_000;

describe('day bounds in a time zone', () => {
  it('is midnight to midnight − 1 ms on an ordinary day', () => {
    expect(dayBounds('2026-11-23', 'UTC')).toEqual({ startDate: Date.UTC(2026, 10, 23), endDate: Date.UTC(2026, 10, 24) - 1 });
    const chicago = dayBounds('2026-11-23', 'America/Chicago');
    expect(chicago.startDate).toBe(Date.UTC(2026, 10, 23, 6));
    expect(chicago.endDate - chicago.startDate + 1).toBe(24 * HOUR);
  });
  it('is 23 hours on the spring-forward day and 25 on the fall-back day', () => {
    const spring = dayBounds('2026-03-08', 'America/Los_Angeles');
    expect(spring.startDate).toBe(Date.UTC(2026, 2, 8, 8));
    expect(spring.endDate + 1).toBe(Date.UTC(2026, 2, 9, 7));
    expect(spring.endDate - spring.startDate + 1).toBe(23 * HOUR);
    const fall = dayBounds('2026-11-01', 'America/New_York');
    expect(fall.startDate).toBe(Date.UTC(2026, 10, 1, 4));
    expect(fall.endDate - fall.startDate + 1).toBe(25 * HOUR);
  });
  it('finds the start of a day that begins at 01:00 (midnight skipped by DST)', () => {
    // Santiago springs forward at 00:00 → 01:00 on 2024-09-08.
    const day = dayBounds('2024-09-08', 'America/Santiago');
    expect(day.startDate).toBe(Date.UTC(2024, 8, 8, 4));
    expect(day.endDate - day.startDate + 1).toBe(23 * HOUR);
  });
  it('rejects bad dates and zones with a clear message', () => {
    expect(() => dayBounds('2026-02-30', 'UTC')).toThrow('"2026-02-30" is not a calendar date');
    expect(() => dayBounds('23/11/2026', 'UTC')).toThrow('date must look like 2026-03-08');
    expect(() => dayBounds('2026-11-23', 'Mars/Base')).toThrow('"Mars/Base" is not an IANA time zone');
  });
  it('moves dates and reads today in a zone', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', 7)).toBe('2026-03-08');
    const lateUtc = Date.UTC(2026, 10, 23, 3);
    expect(todayIn('UTC', lateUtc)).toBe('2026-11-23');
    expect(todayIn('America/Los_Angeles', lateUtc)).toBe('2026-11-22');
  });
});

const config: DebugConfig = {
  calendarId: ' cal1 ',
  locationId: 'loc1',
  useLocationId: true,
  apiVersion: '2021-07-28',
  parameterEncoding: 'comma-separated',
  date: '2026-11-23',
  timezone: 'America/Chicago',
  userIds: ['u1', 'u2'],
};

describe('step bodies', () => {
  it('sends the location only when Use Location ID is on', () => {
    expect(stepBody('list', config)).toEqual({ locationId: 'loc1', apiVersion: '2021-07-28' });
    expect(stepBody('details', { ...config, useLocationId: false })).toEqual({ calendarId: 'cal1', apiVersion: '2021-07-28' });
  });
  it('sends the chosen day as epoch ms in the zone, the encoding and the user ids', () => {
    expect(stepBody('slots', config)).toEqual({
      calendarId: 'cal1',
      startDate: Date.UTC(2026, 10, 23, 6),
      endDate: Date.UTC(2026, 10, 24, 6) - 1,
      timezone: 'America/Chicago',
      apiVersion: '2021-07-28',
      parameterEncoding: 'comma-separated',
      locationId: 'loc1',
      userIds: ['u1', 'u2'],
    });
    expect(stepBody('slots', { ...config, userIds: [] })).not.toHaveProperty('userIds');
  });
});

describe('reading responses', () => {
  const details = {
    calendar: {
      name: 'Consult',
      eventType: 'RoundRobin_OptimizeForAvailability',
      isActive: true,
      teamMembers: [{ userId: 'u1', name: 'Kayla' }, { userId: 'u2' }, { priority: 1 }],
    },
  };
  it('summarises a calendar', () => {
    expect(calendarSummary(details)).toEqual({
      name: 'Consult',
      eventType: 'RoundRobin_OptimizeForAvailability',
      isActive: true,
      teamMembers: [{ userId: 'u1', name: 'Kayla' }, { userId: 'u2' }],
    });
    expect(calendarSummary({})).toBeNull();
  });
  it('pre-selects team members only when none are selected', () => {
    expect(preselectUserIds([], calendarSummary(details))).toEqual(['u1', 'u2']);
    expect(preselectUserIds(['u9'], calendarSummary(details))).toEqual(['u9']);
  });
  it('reads slots by date keys only and gives the hints', () => {
    expect(slotsByDate({ '2026-11-23': { slots: ['a'] }, traceId: 'x' })).toEqual({ '2026-11-23': ['a'] });
    expect(resultHint('slots', { '2026-11-23': { slots: ['a'] } })).toBeNull();
    expect(resultHint('slots', { traceId: 'x' })).toBe('empty');
    expect(resultHint('slots', { '2026-11-23': { slots: [] } })).toBe('noSlots');
    expect(resultHint('list', { calendars: [] })).toBe('empty');
    expect(resultHint('details', details)).toBeNull();
    expect(errorHint(403)).toBe('forbidden');
    expect(errorHint(404)).toBeNull();
  });
  it('reads a 503 naming missing settings as "not configured", and nothing else as that', () => {
    const body = { error: 'GoHighLevel is not configured on this server: set GHL_API_TOKEN', missing: ['GHL_API_TOKEN'] };
    expect(missingSettingsOf(503, body)).toEqual(['GHL_API_TOKEN']);
    expect(errorHint(503, body)).toBe('notConfigured');
    expect(errorHint(503, { error: 'upstream down' })).toBeNull();
    expect(errorHint(500, body)).toBeNull();
    expect(missingSettingsOf(503, { missing: ['GHL_API_TOKEN', 42, '<b>x</b>'] })).toEqual(['GHL_API_TOKEN']);
  });
  it('knows an answer of the local fake GoHighLevel by its header', () => {
    expect(fromLocalFake(new Response('{}', { headers: { 'x-ghl-upstream': 'local-fake' } }))).toBe(true);
    expect(fromLocalFake(new Response('{}'))).toBe(false);
    expect(fromLocalFake(undefined)).toBe(false);
  });
  it('finds the message of an error body', () => {
    expect(errorMessageOf({ error: 'the admin role is required' }, 'x')).toBe('the admin role is required');
    expect(errorMessageOf({ statusCode: 422, message: ['a', 'b'] }, 'x')).toBe('a; b');
    expect(errorMessageOf(null, 'fallback')).toBe('fallback');
  });
});

describe("the server's location", () => {
  const fake = new Response('{}', { headers: { 'x-ghl-upstream': 'local-fake' } });
  const server = serverLocationOf({ locationId: 'loc-server' }, fake);
  const none = serverLocationOf({ locationId: null }, new Response('{}'));

  it('reads the answer of GET ghl-list-calendars; anything else is not known', () => {
    expect(server).toEqual({ known: true, locationId: 'loc-server', localFake: true });
    expect(none).toEqual({ known: true, locationId: null, localFake: false });
    for (const data of [null, {}, { locationId: 42 }, { locationId: '' }, 'x']) expect(serverLocationOf(data, fake)).toEqual({ known: false });
  });

  it('is missing when the server has none and the list would go without one', () => {
    expect(locationMissing({ locationId: '', useLocationId: true }, none)).toBe(true);
    expect(locationMissing({ locationId: '  ', useLocationId: true }, none)).toBe(true);
    expect(locationMissing({ locationId: 'loc1', useLocationId: false }, none)).toBe(true);
    expect(locationMissing({ locationId: 'loc1', useLocationId: true }, none)).toBe(false);
    // The server's own fills the gap; an unknown server is left to answer for itself.
    expect(locationMissing({ locationId: '', useLocationId: false }, server)).toBe(false);
    expect(locationMissing({ locationId: '', useLocationId: true }, { known: false })).toBe(false);
  });

  it("says where the field's value came from while it is the server's", () => {
    expect(locationSource({ locationId: 'loc-server', useLocationId: true }, server)).toBe('localFake');
    expect(locationSource({ locationId: 'loc-server', useLocationId: true }, { known: true, locationId: 'loc-server', localFake: false })).toBe('server');
    expect(locationSource({ locationId: 'loc-typed', useLocationId: true }, server)).toBeNull();
    expect(locationSource({ locationId: 'loc-server', useLocationId: false }, server)).toBeNull();
    expect(locationSource({ locationId: '', useLocationId: true }, none)).toBeNull();
  });

  it('fills an empty field the admin is not in, and nothing else', () => {
    const empty = { locationId: ' ', useLocationId: true };
    expect(withServerLocation(empty, 'loc-server', false)).toEqual({ locationId: 'loc-server', useLocationId: true });
    expect(withServerLocation(empty, 'loc-server', true)).toBe(empty);
    expect(withServerLocation(empty, null, false)).toBe(empty);
    const typed = { locationId: 'loc-typed', useLocationId: true };
    expect(withServerLocation(typed, 'loc-server', false)).toBe(typed);
  });
});
