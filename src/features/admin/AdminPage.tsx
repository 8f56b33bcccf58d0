/** What an admin sees at an /admin path: the content editor at /admin/content (its code loads there only), the dashboard anywhere else. */
import { Suspense, lazy } from 'react';
import { isEditorPath } from '~/features/content-editor/route';
import type { GuideGroupNames } from '~/features/content-editor/decap/GuideGroup';
import type { AdminCopy } from './schema';
import AdminDashboard, { type DashboardData } from './AdminDashboard';
import Spinner from './Spinner';

const ContentEditor = lazy(() => import('~/features/content-editor/ContentEditor'));

export interface AdminPageData extends DashboardData {
  /** The group names of /guides, for the guides' form. */
  guideGroups: GuideGroupNames;
}

export default function AdminPage({ copy, data }: { copy: AdminCopy; data: AdminPageData }) {
  if (!isEditorPath(window.location.pathname)) return <AdminDashboard copy={copy} data={data} />;
  return (
    <Suspense fallback={<Spinner label={copy.contentEditor.loading} />}>
      <ContentEditor copy={copy.contentEditor} guideGroups={data.guideGroups} />
    </Suspense>
  );
}
