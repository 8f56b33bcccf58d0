/**
 * Auth state shared by the auth form, the admin guard and the header action: user, session,
 * loading and isAdmin, fed by supabase-js' onAuthStateChange. `adminPending` is true while the
 * admin check for the current user runs, so the guard never flashes 'Access Denied' at an admin.
 */
import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { map } from 'nanostores';
import { rememberAdmin } from '~/features/auth/admin-session';

export interface AuthState {
  user: User | null;
  session: Session | null;
  loading: boolean;
  isAdmin: boolean;
  adminPending: boolean;
  /** This page signed the user out and is on its way home: nothing else navigates. */
  leaving: boolean;
}

export const $auth = map<AuthState>({ user: null, session: null, loading: true, isAdmin: false, adminPending: false, leaving: false });

type Client = Pick<SupabaseClient, 'auth' | 'from'>;

/**
 * Reads user_roles under the user's own RLS: exactly one 'admin' row means admin. maybeSingle,
 * not single: a member has no row, and single's 406 answer would be a console error on every
 * member's page. Null when the check could not answer (offline, or the page left mid-request).
 */
export async function checkAdmin(client: Client, userId: string): Promise<boolean | null> {
  try {
    const { data, error } = await client.from('user_roles').select('role').eq('user_id', userId).eq('role', 'admin').maybeSingle();
    if (error) {
      console.error('Admin check failed:', error.message);
      return null;
    }
    return (data as { role?: string } | null)?.role === 'admin';
  } catch (failure) {
    console.error('Admin check failed:', failure);
    return null;
  }
}

let generation = 0;

/** `mine` is taken when the check is scheduled: a sign-out (or a newer check) before it runs or answers wins. */
function runAdminCheck(client: Client, userId: string, mine: number): void {
  if (mine !== generation) return;
  void checkAdmin(client, userId).then((answer) => {
    if (mine !== generation) return;
    // Only an answer changes what this browser remembers: the coach who lands on /admin and
    // leaves at once (the check cut off) keeps the header's Admin link.
    if (answer !== null) rememberAdmin(answer);
    $auth.set({ ...$auth.get(), isAdmin: answer === true, adminPending: false });
  });
}

let stop: (() => void) | undefined;

/** Subscribes once; later calls are no-ops. Returns the unsubscribe function. */
export function startAuth(client: Client): () => void {
  if (stop) return stop;
  const { data } = client.auth.onAuthStateChange((event, session) => {
    const user = session?.user ?? null;
    const previous = $auth.get();
    if (!user || event === 'SIGNED_OUT') {
      generation++;
      rememberAdmin(false);
      $auth.set({ ...previous, session, user: null, loading: false, isAdmin: false, adminPending: false });
      return;
    }
    // A refreshed token for the same user changes nothing about the role.
    if (event === 'TOKEN_REFRESHED' && previous.user?.id === user.id && !previous.adminPending) {
      $auth.set({ ...previous, session, user, loading: false });
      return;
    }
    // One update: nobody sees the new user without the pending admin check.
    $auth.set({ ...previous, session, user, loading: false, adminPending: true });
    // Deferred: supabase-js must not be awaited inside its own auth callback.
    const mine = ++generation;
    setTimeout(() => runAdminCheck(client, user.id, mine), 0);
  });
  stop = () => {
    data.subscription.unsubscribe();
    stop = undefined;
  };
  return stop;
}
