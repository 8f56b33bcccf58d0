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
