/** The content editor on /admin/content (its code loads there only, with import()); the guard decides who sees it. */
import { Suspense, lazy } from 'react';
import type { GuideGroupNames } from '~/features/content-editor/browser/decap/GuideGroup';
import type { ContentEditorCopy } from '~/features/content-editor/shared/schema';
import Spinner from './Spinner';

const ContentEditor = lazy(() => import('~/features/content-editor/browser/ContentEditor'));

export default function ContentEditorSlot({ copy, guideGroups }: { copy: ContentEditorCopy; guideGroups: GuideGroupNames }) {
  return (
    <Suspense fallback={<Spinner label={copy.loading} />}>
      <ContentEditor copy={copy} guideGroups={guideGroups} />
    </Suspense>
  );
}
