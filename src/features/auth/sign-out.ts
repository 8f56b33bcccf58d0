/** Sign out (the header's button on any page): ends the session, forgets the admin hint, goes home. */
import type { SupabaseClient } from '@supabase/supabase-js';
import { rememberAdmin } from './admin-session';

export async function signOutAndGoHome(client: Pick<SupabaseClient, 'auth'>, win: Window = window): Promise<void> {
  const { error } = await client.auth.signOut();
  if (error) console.error('Sign out failed:', error.message);
  rememberAdmin(false);
  win.location.assign('/');
}
