/** The signed-in user's current access token for the content endpoint; supabase-js refreshes an expired one first. */
import { getSupabase } from '~/lib/supabase';

export async function accessToken(): Promise<string | null> {
  const { data } = await getSupabase().auth.getSession();
  return data.session?.access_token ?? null;
}
