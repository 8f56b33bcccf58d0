/**
 * The booking (conversion) modal's copy on every public page: settings.json → booking.
 * Part of the settings schema, which plain Node imports too: imports name their .ts files.
 */
import { z } from 'astro/zod';
import { text } from '../../lib/schema-primitives.ts';

export const bookingCopySchema = z.object({
  title: text,
  description: text,
  goalLabel: text,
  close: text,
  loading: text,
  iframeTitle: text,
  fallbackTitle: text,
  fallbackText: text,
  fallbackEmail: text,
  retry: text,
});
export type BookingCopy = z.infer<typeof bookingCopySchema>;

/**
 * The local test scheduler's copy (`npm run dev` only, src/integrations/local-scheduler/):
 * settings.json → localTestScheduler. Never given to the booking island, so never in a build.
 */
export const localTestSchedulerCopySchema = z.object({
  title: text,
  /** The label that says it is a test: "Local test scheduler — not the real booking calendar". */
  label: text,
  /** What it stands in for; `{widgetId}` is the booking widget's id. */
  text,
  slotsLegend: text,
  confirm: text,
  /** Said once the confirm button is pressed, while the page goes on to the thank-you page. */
  booked: text,
});
