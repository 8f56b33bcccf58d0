/** The content editor's copy (admin.json → contentEditor): its page around the editor, and what it says after a save or a refusal. */
import { z } from 'astro/zod';
import { text, withTokens } from '~/lib/schema-primitives';
import type { RefusalReason } from './answers';

/** Why the endpoint refused a request (answers.ts → REFUSAL_REASONS), each in the marketer's words; `{…}` are filled in from the answer. */
const refusalWords = {
  'signed-out': text,
  'not-allowed': text,
  /** {fields}: the labels of the fields only the site's owner may change. */
  'owner-only': withTokens('fields'),
  'not-offered': text,
  'bad-request': text,
  stale: text,
  exists: text,
  /** {megabytes}: the largest save. */
  'too-large': withTokens('megabytes'),
  /** {details}: each problem, where it is and what is wrong. */
  invalid: withTokens('details'),
  'no-version': text,
  /** {time}: when GitHub takes saves again, in her own time. */
  'github-rate-limit': withTokens('time'),
  'github-protected': text,
  'github-token': text,
  'github-access': text,
  'github-unavailable': text,
  /** {missing}: the hosting settings the server lacks, for the site's developer. */
  'not-set-up': withTokens('missing'),
  failed: text,
} satisfies Record<RefusalReason, z.ZodType<string>>;

export const contentEditorCopySchema = z.object({
  /** The dashboard's link to the editor, a signed-in editor's link in the site's header, and the editor page's heading. */
  link: text,
  headerLink: text,
  heading: text,
  /** The bar's way out: an admin's dashboard; an editor, who has none, the site. */
  backToDashboard: text,
  backToSite: text,
  loading: text,
  /** Under 800 px wide: the editor's form needs a wider screen. */
  narrowScreen: text,
  /** Where Decap's own sign-in would be: the site's sign-in, back to the editor. */
  signIn: z.object({ checking: text, signedOut: text, link: text }),
  /** A saved entry's link to where the site shows it. */
  viewOnSite: text,
  /** After a save, by the store that took it (the endpoint's `store`). */
  saved: z.object({ github: text, 'working-tree': text }),
  /** A field only the site's owner may change, in an editor's form: shown, not editable. */
  ownerOnly: z.object({ note: text, empty: text }),
  /** Beside every picture field, and when a picked file is refused ({problem}: what is wrong with it). */
  pictures: z.object({ rules: withTokens('megabytes'), refused: withTokens('problem') }),
  /** Why a request was refused; `offline`: the server was not reached. */
  errors: z.object({ ...refusalWords, offline: text }),
  /** Where a refused save's problem is: a field of another entry ({field} in {entry}), a picture by its name. */
  problems: z.object({ inEntry: withTokens('field', 'entry'), picture: withTokens('name') }),
  /** Decap's own toasts, around the words above. */
  toasts: z.object({ notSaved: withTokens('details'), notLoaded: withTokens('details'), notDeleted: withTokens('details') }),
  /** The free guides' group on /guides (its names are the guides page's): chosen, or Automatic by the rules, and why. */
  guideGroup: z.object({
    automatic: text,
    chosen: withTokens('group'),
    landsIn: withTokens('group'),
    featured: text,
    because: withTokens('field', 'word'),
    fallback: text,
    rules: text,
    fields: z.object({ title: text, tag: text, description: text }),
  }),
});
export type ContentEditorCopy = z.infer<typeof contentEditorCopySchema>;
