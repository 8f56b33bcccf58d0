/**
 * Sign out (the header's button on any page): ends this browser's session (the user's other
 * browsers and devices stay signed in, as a site's Sign Out is expected to), forgets the admin
 * or editor hint, goes home; and the refresh of a stored session.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { rememberRole } from './admin-session';
import { $auth } from './store';

export async function signOutAndGoHome(client: Pick<SupabaseClient, 'auth'>, win: Window = window): Promise<void> {
  // The sign-out's own SIGNED_OUT must not send /admin's guard to the sign-in page on the way home.
  $auth.setKey('leaving', true);
  const { error } = await client.auth.signOut({ scope: 'local' });
  if (error) console.error('Sign out failed:', error.message);
  rememberRole(null);
  win.location.assign('/');
}

/**
 * supabase-js refreshes an expired stored session when asked for it, and stores the new one;
 * `data.session` then says whether there is one (`none`: the refresh token was refused).
 */
export async function refreshStoredSession(client: Pick<SupabaseClient, 'auth'>, data: { session?: 'fresh' | 'none' }): Promise<void> {
  const { data: answer, error } = await client.auth.getSession();
  if (error) console.error('Session refresh failed:', error.message);
  data.session = answer.session ? 'fresh' : 'none';
}
