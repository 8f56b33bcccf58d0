/** The content editor on /admin/content (its code loads there only, with import()); the guard decides who sees it. */
import { Suspense, lazy } from 'react';
import type { GuideGroupNames } from '~/features/content-editor/browser/decap/GuideGroup';
import type { ContentEditorCopy } from '~/features/content-editor/shared/schema';
import type { AppRole } from '../../../supabase/functions/_shared/roles.ts';
import Spinner from './Spinner';

const ContentEditor = lazy(() => import('~/features/content-editor/browser/ContentEditor'));

/** `role`: the signed-in user's, as the guard read it; her form follows it. */
export default function ContentEditorSlot({ copy, guideGroups, role }: { copy: ContentEditorCopy; guideGroups: GuideGroupNames; role: AppRole }) {
  return (
    <Suspense fallback={<Spinner label={copy.loading} />}>
      <ContentEditor copy={copy} guideGroups={guideGroups} role={role} />
    </Suspense>
  );
}
