/** The admin dashboard's copy (pages/admin.json): the page, and each tab's copy from its folder's schema. */
import { z } from 'astro/zod';
import { seo, text } from '~/lib/schema-primitives';
import { toastsCopySchema } from '~/features/toasts/schema';
import { assetsCopySchema } from './assets/schema';
import { calendarDebuggerCopySchema } from './calendar/schema';
import { conversionsCopySchema } from './conversions/schema';
import { contentEditorCopySchema } from '~/features/content-editor/shared/schema';

export const adminPageSchema = z.object({
  seo,
  title: text,
  subtitle: text,
  loading: text,
  accessDenied: z.object({ title: text, message: text, detail: text, backHome: text }),
  tabsLabel: text,
  tabs: z.object({ assets: text, crm: text, conversions: text }),
  toasts: toastsCopySchema,
  assets: assetsCopySchema,
  debugger: calendarDebuggerCopySchema,
  conversions: conversionsCopySchema,
  contentEditor: contentEditorCopySchema,
});
export type AdminCopy = z.infer<typeof adminPageSchema>;
