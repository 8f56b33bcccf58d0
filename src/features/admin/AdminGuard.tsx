/**
 * The guard of /admin/*: 'Loading...' while auth resolves, no user → /auth (replace; not when this
 * page's own Sign Out is on its way home), which
 * returns here after sign-in, a signed-in non-admin → 'Access Denied', an admin → the dashboard, or the content editor on /admin/content.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { signInHref } from '~/features/auth/auth-return';
import { getSupabase } from '~/lib/supabase';
import { $auth, startAuth } from '~/features/auth/store';
import type { AdminCopy } from '~/features/admin/schema';
import AdminDashboard, { type DashboardData } from './AdminDashboard';
import ContentEditorSlot from './ContentEditorSlot';
import { isEditorPath } from '~/features/content-editor/route';
import Spinner from './Spinner';

export default function AdminGuard({ copy, data }: { copy: AdminCopy; data: DashboardData }) {
  const { user, loading, isAdmin, adminPending, leaving } = useStore($auth);

  useEffect(() => {
    startAuth(getSupabase());
  }, []);
  useEffect(() => {
    if (!loading && !user && !leaving) window.location.replace(signInHref(window.location.pathname + window.location.search + window.location.hash));
  }, [loading, user, leaving]);

  if (loading || !user || adminPending) return <Spinner label={copy.loading} />;

  if (!isAdmin) {
    return (
      <section className="container-content py-16 text-center" aria-labelledby="access-denied">
        <h1 id="access-denied" className="text-3xl font-extrabold sm:text-4xl">
          {copy.accessDenied.title}
        </h1>
        <p className="mt-4 text-ink-soft">{copy.accessDenied.message}</p>
        <p className="mt-2 text-ink-muted">{copy.accessDenied.detail}</p>
        <a href="/" className="btn btn-outline mt-8">
          {copy.accessDenied.backHome}
        </a>
      </section>
    );
  }

  if (isEditorPath(window.location.pathname)) return <ContentEditorSlot copy={copy.contentEditor} guideGroups={data.guideGroups} />;
  return <AdminDashboard copy={copy} data={data} />;
}
