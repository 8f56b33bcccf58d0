/**
 * The guard of /admin/*: 'Loading...' while auth resolves, no user → /auth (replace), a signed-in
 * non-admin → 'Access Denied', an admin → the dashboard shell.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { getSupabase } from '~/lib/supabase';
import { $auth, startAuth } from '~/stores/auth';
import Spinner from './Spinner';

export interface AdminGuardCopy {
  title: string;
  subtitle: string;
  unavailable: string;
  loading: string;
  accessDenied: { title: string; message: string; detail: string; backHome: string };
}

export default function AdminGuard({ copy }: { copy: AdminGuardCopy }) {
  const { user, loading, isAdmin, adminPending } = useStore($auth);

  useEffect(() => {
    startAuth(getSupabase());
  }, []);
  useEffect(() => {
    if (!loading && !user) window.location.replace('/auth');
  }, [loading, user]);

  if (loading || !user || adminPending) return <Spinner label={copy.loading} />;

  if (!isAdmin) {
    return (
      <section className="container-content py-16 text-center" aria-labelledby="access-denied">
        <h1 id="access-denied" className="text-3xl font-extrabold sm:text-4xl">
          {copy.accessDenied.title}
        </h1>
        <p className="mt-4 text-ink-soft">{copy.accessDenied.message}</p>
        <p className="mt-2 text-ink-muted">{copy.accessDenied.detail}</p>
        <a
          href="/"
          className="mt-8 inline-flex min-h-12 items-center justify-center rounded-full border-2 border-ink px-6 font-display text-sm font-bold uppercase tracking-wider text-ink transition-colors hover:bg-ink hover:text-white"
        >
          {copy.accessDenied.backHome}
        </a>
      </section>
    );
  }

  return (
    <section className="container-content py-12" aria-labelledby="admin-heading">
      <h1 id="admin-heading" className="text-3xl font-extrabold sm:text-4xl">
        {copy.title}
      </h1>
      <p className="mt-2 text-ink-muted">{copy.subtitle}</p>
      <p className="mt-8 rounded-xl border border-line bg-sand-light p-4 text-sm text-ink-soft" role="status">
        {copy.unavailable}
      </p>
    </section>
  );
}
