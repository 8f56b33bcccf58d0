/**
 * The guard of /admin/*: 'Loading...' while auth resolves, no user → /auth (replace; not when this
 * page's own Sign Out is on its way home), which returns here after sign-in; then what
 * admin-areas.ts gives the user's role on this path: an admin the dashboard, an admin or an
 * editor the content editor on its own path, an editor anywhere else sent there (replace),
 * anyone else 'Access Denied'.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { signInHref } from '~/features/auth/auth-return';
import { getSupabase } from '~/lib/supabase';
import { $auth, startAuth } from '~/features/auth/store';
import type { AdminCopy } from '~/features/admin/schema';
import AdminDashboard, { type DashboardData } from './AdminDashboard';
import { adminView } from './admin-areas';
import ContentEditorSlot from './ContentEditorSlot';
import Spinner from './Spinner';

export default function AdminGuard({ copy, data }: { copy: AdminCopy; data: DashboardData }) {
  const { user, loading, role, adminPending, leaving } = useStore($auth);
  const view = loading || !user || adminPending ? null : adminView(role, window.location.pathname);
  const redirect = view && 'redirect' in view ? view.redirect : null;

  useEffect(() => {
    startAuth(getSupabase());
  }, []);
  useEffect(() => {
    if (!loading && !user && !leaving) window.location.replace(signInHref(window.location.pathname + window.location.search + window.location.hash));
  }, [loading, user, leaving]);
  useEffect(() => {
    if (redirect) window.location.replace(redirect);
  }, [redirect]);

  if (!view || 'redirect' in view) return <Spinner label={copy.loading} />;

  if (view.show === 'denied') {
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

  if (view.show === 'content-editor' && role) return <ContentEditorSlot copy={copy.contentEditor} guideGroups={data.guideGroups} role={role} />;
  return <AdminDashboard copy={copy} data={data} />;
}
