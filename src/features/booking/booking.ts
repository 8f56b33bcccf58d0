/**
 * The booking (conversion) modal's rules: the widget URL, and which window messages from the
 * scheduling host mean "a call was booked" (docs/product.md §4; the host's message shapes are listed
 * at `bookingSignal` below).
 */
import { isRecord } from '../../lib/is-record';

/** The scheduling widget's iframe URL: `<host>/widget/booking/<id>`. */
export function bookingWidgetUrl(host: string, widgetId: string): string {
  return `${host.replace(/\/+$/, '')}/widget/booking/${encodeURIComponent(widgetId)}`;
}

/** Origins allowed to post booking messages: the booking host and the embed script's host. */
export function trustedOrigins(...urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // not a URL: ignored
    }
  }
  return [...origins];
}

export const BOOKING_COMPLETE_EVENT = 'booking:complete';

export interface BookingSignal {
  /** What the message was: the string itself, or the array's first element. */
  kind: string;
  /** The array form's payload (e.g. { calendarId }), when there is one. */
  detail: Record<string, unknown> | null;
}

const SUCCESS_STRINGS = new Set(['booking_success', 'form_submit']);

function fromString(text: string): BookingSignal | null {
  if (SUCCESS_STRINGS.has(text) || text.toLowerCase().includes('booking')) return { kind: text, detail: null };
  return null;
}

/**
 * The booking signal in a message's data, or null. Accepted: 'booking_success', 'form_submit',
 * any string containing "booking", the array `["msgsndr-booking-complete", {...}]`, and an
 * object whose `type` or `event` is 'booking_success' or 'form_submit'. Not accepted: the
 * widget's `{type: "booking-app", height}` resize messages and anything else.
 */
export function bookingSignal(data: unknown): BookingSignal | null {
  if (typeof data === 'string') return fromString(data);
  if (Array.isArray(data)) {
    if (data[0] === 'msgsndr-booking-complete') return { kind: data[0], detail: isRecord(data[1]) ? data[1] : null };
    return null;
  }
  if (isRecord(data)) {
    for (const field of ['type', 'event'] as const) {
      const value = data[field];
      if (typeof value === 'string' && SUCCESS_STRINGS.has(value)) return { kind: value, detail: data };
    }
  }
  return null;
}

/** The booking signal of a message event, if it comes from a trusted origin. */
export function bookingSignalFrom(message: { origin: string; data: unknown }, origins: readonly string[]): BookingSignal | null {
  if (!origins.includes(message.origin)) return null;
  return bookingSignal(message.data);
}
