import { describe, expect, it } from 'vitest';
import { bookingSignal, bookingSignalFrom, bookingWidgetUrl, trustedOrigins } from '~/features/booking/booking';

const origins = trustedOrigins('https://api.leadconnectorhq.com', 'https://link.msgsndr.com/js/form_embed.js');

describe('booking messages from the scheduling host (docs/product.md §4)', () => {
  it('accepts booking_success, form_submit and any string containing "booking"', () => {
    expect(bookingSignal('booking_success')).toEqual({ kind: 'booking_success', detail: null });
    expect(bookingSignal('form_submit')?.kind).toBe('form_submit');
    expect(bookingSignal('calendar-booking-confirmed')?.kind).toBe('calendar-booking-confirmed');
    expect(bookingSignal('BOOKING_DONE')?.kind).toBe('BOOKING_DONE');
  });

  it('accepts the array form ["msgsndr-booking-complete", {...}] with its payload', () => {
    expect(bookingSignal(['msgsndr-booking-complete', { calendarId: 'cal_1', appointmentId: 'apt_9' }])).toEqual({
      kind: 'msgsndr-booking-complete',
      detail: { calendarId: 'cal_1', appointmentId: 'apt_9' },
    });
    expect(bookingSignal(['msgsndr-booking-complete'])).toEqual({ kind: 'msgsndr-booking-complete', detail: null });
  });

  it('accepts objects typed booking_success or form_submit', () => {
    expect(bookingSignal({ type: 'booking_success', id: 1 })?.kind).toBe('booking_success');
    expect(bookingSignal({ event: 'form_submit' })?.kind).toBe('form_submit');
  });

  it('ignores resize messages, other arrays, other strings and empty data', () => {
    expect(bookingSignal({ type: 'booking-app', height: 900 })).toBeNull();
    expect(bookingSignal(['set-sticky-contacts', '{}'])).toBeNull();
    expect(bookingSignal(['form-submitted', 'x', '{"email":"a@b.c"}'])).toBeNull();
    expect(bookingSignal('resize')).toBeNull();
    expect(bookingSignal(null)).toBeNull();
    expect(bookingSignal(42)).toBeNull();
  });

  it('trusts only the booking host and the embed script host', () => {
    expect(origins).toEqual(['https://api.leadconnectorhq.com', 'https://link.msgsndr.com']);
    expect(bookingSignalFrom({ origin: 'https://api.leadconnectorhq.com', data: 'booking_success' }, origins)).not.toBeNull();
    expect(bookingSignalFrom({ origin: 'https://link.msgsndr.com', data: ['msgsndr-booking-complete', {}] }, origins)).not.toBeNull();
    expect(bookingSignalFrom({ origin: 'https://evil.example', data: 'booking_success' }, origins)).toBeNull();
    expect(bookingSignalFrom({ origin: 'http://api.leadconnectorhq.com', data: 'booking_success' }, origins)).toBeNull();
    expect(bookingSignalFrom({ origin: 'null', data: 'booking_success' }, origins)).toBeNull();
  });

  it('builds the widget URL from the host and the widget id', () => {
    expect(bookingWidgetUrl('https://api.leadconnectorhq.com/', 'kayla-consultation-call')).toBe(
      'https://api.leadconnectorhq.com/widget/booking/kayla-consultation-call',
    );
  });

  it('skips values that are not URLs when listing origins', () => {
    expect(trustedOrigins('not a url', 'https://a.example/x')).toEqual(['https://a.example']);
  });
});
