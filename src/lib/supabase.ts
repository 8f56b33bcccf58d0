/**
 * The one Supabase client of the browser. Created on first use so pages that never need it
 * never pay for it. Session persisted in localStorage, auto refresh on (supabase-js defaults).
 */
import { type SupabaseClient, createClient } from '@supabase/supabase-js';
import { supabaseAnonKey, supabaseUrl } from './env';

let client: SupabaseClient | undefined;

export function getSupabase(): SupabaseClient {
  client ??= createClient(supabaseUrl, supabaseAnonKey);
  return client;
}
