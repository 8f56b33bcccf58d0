/** The get-resource (opt-in) dialog's copy on /guides: guides.json → freeResources.dialog. */
import { z } from 'astro/zod';
import { text, withTokens } from '~/lib/schema-primitives';

export const getResourceDialogCopySchema = z.object({
  title: withTokens('title'),
  description: text,
  loading: text,
  close: text,
  formTitle: withTokens('title'),
  /** When the form cannot load: the form's own page in a new tab, Try again, or e-mail. */
  fallbackTitle: text,
  fallbackText: text,
  openForm: text,
  retry: text,
  fallbackEmail: text,
});
export type GetResourceDialogCopy = z.infer<typeof getResourceDialogCopySchema>;
