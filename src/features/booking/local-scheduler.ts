/**
 * The booking path under `npm run dev`, without accounts and without the network: the dev server
 * serves a labelled local test scheduler under LOCAL_SCHEDULER_BASE (src/integrations/local-scheduler/)
 * in place of the coach's scheduling widget, and the booking dialog embeds it. Its confirm button
 * sends the window message the real widget sends on a booking, so the dialog's own code (booking.ts,
 * BookingModal.tsx) takes the visitor to /thank-you/call, where the conversion is counted.
 * In production and `npm run preview`, the real widget (`settings.json` → embeds).
 */
import type { Settings } from '../../lib/settings-schema';

export type BookingEmbeds = Pick<Settings['embeds'], 'bookingHost' | 'bookingWidgetId' | 'formEmbedScript'>;

/** Where the dev server serves the local test scheduler (its host, as far as the dialog knows). */
export const LOCAL_SCHEDULER_BASE = '/_dev/scheduler';
/** The stand-in of the scheduling host's embed script, under that base. */
export const LOCAL_SCHEDULER_EMBED_SCRIPT = `${LOCAL_SCHEDULER_BASE}/form_embed.js`;

// Defined by the local-scheduler integration for `astro dev` only: a build never has it.
declare const __LOCAL_SCHEDULER__: boolean | undefined;

/** True under `npm run dev` (the integration defines the flag), false in every build. */
export function localSchedulerOn(): boolean {
  return import.meta.env.DEV && typeof __LOCAL_SCHEDULER__ === 'boolean' && __LOCAL_SCHEDULER__;
}

/**
 * What the booking dialog embeds: the real widget, or under `npm run dev` the local test scheduler
 * on the page's own origin (`origin`), whose messages the dialog then trusts.
 */
export function bookingEmbeds(embeds: BookingEmbeds, origin: string, local = localSchedulerOn()): BookingEmbeds {
  if (!local) return { bookingHost: embeds.bookingHost, bookingWidgetId: embeds.bookingWidgetId, formEmbedScript: embeds.formEmbedScript };
  return { bookingHost: `${origin}${LOCAL_SCHEDULER_BASE}`, bookingWidgetId: embeds.bookingWidgetId, formEmbedScript: `${origin}${LOCAL_SCHEDULER_EMBED_SCRIPT}` };
}

/** The message the real widget posts to the page when a call is booked (booking.ts accepts it). */
export function bookedMessage(calendarId: string, startTime: string, appointmentId: string): [string, Record<string, string>] {
  return ['msgsndr-booking-complete', { calendarId, appointmentId, startTime }];
}

const SLOT_HOURS = [10, 13, 16] as const;

/** The test scheduler's times: the next `days` weekdays after `now`, at 10:00, 13:00 and 16:00 local time. */
export function localSlots(now: Date, days = 3): Date[] {
  const slots: Date[] = [];
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  while (slots.length < days * SLOT_HOURS.length) {
    day.setDate(day.getDate() + 1);
    if (day.getDay() === 0 || day.getDay() === 6) continue;
    for (const hour of SLOT_HOURS) slots.push(new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour));
  }
  return slots;
}
