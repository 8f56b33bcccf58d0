/**
 * The booking path under `npm run dev` (src/features/booking/local-scheduler.ts): the dialog embeds
 * the local test scheduler on the page's own origin, and the scheduler's message is the one the
 * dialog's own code takes for a booking, from an origin it trusts.
 */
import { describe, expect, it } from 'vitest';
import settings from '../../src/content/pages/settings.json';
import { bookingSignalFrom, bookingWidgetUrl, trustedOrigins } from '~/features/booking/booking';
import { LOCAL_SCHEDULER_BASE, LOCAL_SCHEDULER_EMBED_SCRIPT, bookedMessage, bookingEmbeds, localSlots } from '~/features/booking/local-scheduler';

const DEV_ORIGIN = 'http://127.0.0.1:4321';

describe('what the booking dialog embeds', () => {
  it('the real widget in a build; under the dev server the local test scheduler on the page’s origin', () => {
    expect(bookingEmbeds(settings.embeds, DEV_ORIGIN, false)).toEqual({
      bookingHost: settings.embeds.bookingHost,
      bookingWidgetId: settings.embeds.bookingWidgetId,
      formEmbedScript: settings.embeds.formEmbedScript,
    });
    const local = bookingEmbeds(settings.embeds, DEV_ORIGIN, true);
    expect(local).toEqual({
      bookingHost: `${DEV_ORIGIN}${LOCAL_SCHEDULER_BASE}`,
      bookingWidgetId: settings.embeds.bookingWidgetId,
      formEmbedScript: `${DEV_ORIGIN}${LOCAL_SCHEDULER_EMBED_SCRIPT}`,
    });
    expect(bookingWidgetUrl(local.bookingHost, local.bookingWidgetId)).toBe(`${DEV_ORIGIN}/_dev/scheduler/widget/booking/kayla-consultation-call`);
  });

  it('the test scheduler’s message is a booking to the dialog, from its origin only', () => {
    const local = bookingEmbeds(settings.embeds, DEV_ORIGIN, true);
    const origins = trustedOrigins(local.bookingHost, local.formEmbedScript);
    const data = bookedMessage('kayla-consultation-call', '2026-12-01T15:00:00.000Z', 'local-test-1');
    expect(bookingSignalFrom({ origin: DEV_ORIGIN, data }, origins)).toEqual({
      kind: 'msgsndr-booking-complete',
      detail: { calendarId: 'kayla-consultation-call', appointmentId: 'local-test-1', startTime: '2026-12-01T15:00:00.000Z' },
    });
    expect(bookingSignalFrom({ origin: 'http://127.0.0.1:9999', data }, origins)).toBeNull();
    // In a build the dialog trusts the real host only.
    const real = bookingEmbeds(settings.embeds, DEV_ORIGIN, false);
    expect(bookingSignalFrom({ origin: DEV_ORIGIN, data }, trustedOrigins(real.bookingHost, real.formEmbedScript))).toBeNull();
  });
});

describe('the test scheduler’s times', () => {
  it('the next three weekdays at 10:00, 13:00 and 16:00, skipping the weekend', () => {
    // Friday 27 November 2026, evening.
    const slots = localSlots(new Date(2026, 10, 27, 19, 30));
    expect(slots).toHaveLength(9);
    expect(slots.map((slot) => `${slot.getDate()} ${slot.getHours()}`)).toEqual(['30 10', '30 13', '30 16', '1 10', '1 13', '1 16', '2 10', '2 13', '2 16']);
  });
});
