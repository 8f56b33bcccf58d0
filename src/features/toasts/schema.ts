/** The toast region's labels (home.json → toasts on the public pages, admin.json → toasts on the dashboard). */
import { z } from 'astro/zod';
import { text } from '~/lib/schema-primitives';

export const toastsCopySchema = z.object({ regionLabel: text, dismiss: text });
export type ToastsCopy = z.infer<typeof toastsCopySchema>;
