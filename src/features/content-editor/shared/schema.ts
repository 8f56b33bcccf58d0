/** The content editor's copy (admin.json → contentEditor): its page around the editor, and what it says after a save or a refusal. */
import { z } from 'astro/zod';
import { text, withTokens } from '~/lib/schema-primitives';

export const contentEditorCopySchema = z.object({
  /** The dashboard's link to the editor, and the editor page's heading (read by screen readers). */
  link: text,
  heading: text,
  backToDashboard: text,
  loading: text,
  /** Under 800 px wide: the editor's form needs a wider screen. */
  narrowScreen: text,
  /** Where Decap's own sign-in would be: the site's sign-in, back to the editor. */
  signIn: z.object({ checking: text, signedOut: text, link: text }),
  /** After a save, by the store that took it (the endpoint's `store`). */
  saved: z.object({ github: text, 'working-tree': text }),
  /** Why a request was refused, in plain words; `{details}` is the endpoint's own words. */
  errors: z.object({
    unauthorized: text,
    forbidden: text,
    stale: text,
    invalid: withTokens('details'),
    notConfigured: withTokens('missing'),
    failed: withTokens('status'),
    offline: text,
  }),
  /** Decap's own toasts, around the words above. */
  toasts: z.object({ notSaved: withTokens('details'), notLoaded: withTokens('details'), notDeleted: withTokens('details') }),
  /** The free guides' form: the group of /guides a guide lands in (its names are the guides page's), and why. */
  guideGroup: z.object({
    label: text,
    landsIn: withTokens('group'),
    featured: text,
    because: withTokens('field', 'word'),
    fallback: text,
    rules: text,
    fields: z.object({ title: text, tag: text, description: text }),
  }),
});
export type ContentEditorCopy = z.infer<typeof contentEditorCopySchema>;
