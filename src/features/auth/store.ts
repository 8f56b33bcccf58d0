/**
 * Auth state shared by the auth form, the admin guard and the header action: user, session,
 * loading, role and isAdmin, fed by supabase-js' onAuthStateChange. `adminPending` is true while
 * the role check for the current user runs, so the guard never flashes 'Access Denied' at an admin
 * or an editor.
 */
import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { map } from 'nanostores';
import { rememberRole } from '~/features/auth/admin-session';
import { type AppRole, roleOfRows } from '../../../supabase/functions/_shared/roles.ts';

export interface AuthState {
  user: User | null;
  session: Session | null;
  loading: boolean;
  /** The user's part of the admin: 'admin', 'editor', or null (none, or not known yet). */
  role: AppRole | null;
  /** role === 'admin'. */
  isAdmin: boolean;
  adminPending: boolean;
  /** This page signed the user out and is on its way home: nothing else navigates. */
  leaving: boolean;
}

export const $auth = map<AuthState>({ user: null, session: null, loading: true, role: null, isAdmin: false, adminPending: false, leaving: false });

type Client = Pick<SupabaseClient, 'auth' | 'from'>;

/**
 * Reads the user's role rows under her own RLS, in one query: an 'admin' row makes her an admin,
 * else an 'editor' row an editor, else she is a member. All her rows, not maybeSingle: a user may
 * hold two roles (user_roles is unique per user and role), and maybeSingle fails on two rows; a
 * member has none, which a list answers without an error. Null when the check could not answer
 * (offline, or the page left mid-request).
 */
export async function checkRole(client: Client, userId: string): Promise<AppRole | 'member' | null> {
  try {
    const { data, error } = await client.from('user_roles').select('role').eq('user_id', userId);
    if (error) {
      console.error('Role check failed:', error.message);
      return null;
    }
    return roleOfRows(data) ?? 'member';
  } catch (failure) {
    console.error('Role check failed:', failure);
    return null;
  }
}

let generation = 0;

/** `mine` is taken when the check is scheduled: a sign-out (or a newer check) before it runs or answers wins. */
function runRoleCheck(client: Client, userId: string, mine: number): void {
  if (mine !== generation) return;
  void checkRole(client, userId).then((answer) => {
    if (mine !== generation) return;
    const role = answer === 'member' ? null : answer;
    // Only an answer changes what this browser remembers: the coach who lands on /admin and
    // leaves at once (the check cut off) keeps the header's Admin link.
    if (answer !== null) rememberRole(role);
    $auth.set({ ...$auth.get(), role, isAdmin: role === 'admin', adminPending: false });
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
      rememberRole(null);
      $auth.set({ ...previous, session, user: null, loading: false, role: null, isAdmin: false, adminPending: false });
      return;
    }
    // A refreshed token for the same user changes nothing about the role, nor does her session
    // announced again: supabase-js says SIGNED_IN when it recovers it as the tab shows again, and
    // when another tab of the site opens. A new check would take the admin (and the content
    // editor's unsaved changes) off the page while it runs.
    if ((event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN') && previous.user?.id === user.id && !previous.adminPending) {
      $auth.set({ ...previous, session, user, loading: false });
      return;
    }
    // One update: nobody sees the new user without the pending admin check.
    $auth.set({ ...previous, session, user, loading: false, adminPending: true });
    // Deferred: supabase-js must not be awaited inside its own auth callback.
    const mine = ++generation;
    setTimeout(() => runRoleCheck(client, user.id, mine), 0);
  });
  stop = () => {
    data.subscription.unsubscribe();
    stop = undefined;
  };
  return stop;
}
