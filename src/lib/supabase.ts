/**
 * The one place that talks to Supabase from the browser. Everything loads lazily: pages that
 * never call Supabase ship none of it.
 */
import { supabaseUrl } from '~/lib/env';

export const supabaseAnonKey: string = import.meta.env.PUBLIC_SUPABASE_ANON_KEY || '';

type SupabaseClient = import('@supabase/supabase-js').SupabaseClient;
let client: Promise<SupabaseClient> | null = null;

/** The full supabase-js client (auth, database, storage, functions), created once. */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => createClient(supabaseUrl, supabaseAnonKey));
  return client;
}

export interface InvokeOptions {
  /** Let the request outlive the page (a visitor who leaves at once does not lose it). */
  keepalive?: boolean;
}

/**
 * Invokes a backend function with supabase-js's functions client (the same `invoke` the full
 * client exposes as `supabase.functions.invoke`), without loading auth, database and
 * storage clients on pages that only send one event. Sends the anon key as `apikey` and
 * bearer token, as supabase-js does when nobody is signed in.
 */
export async function invokeFunction<T = unknown>(name: string, body: Record<string, unknown>, options: InvokeOptions = {}) {
  const { FunctionsClient } = await import('@supabase/functions-js');
  const headers: Record<string, string> = {};
  if (supabaseAnonKey) {
    headers.apikey = supabaseAnonKey;
    if (!supabaseAnonKey.startsWith('sb_')) headers.Authorization = `Bearer ${supabaseAnonKey}`;
  }
  const functions = new FunctionsClient(`${supabaseUrl.replace(/\/+$/, '')}/functions/v1`, {
    headers,
    customFetch: (input, init) => fetch(input, { ...init, keepalive: options.keepalive === true }),
  });
  return functions.invoke<T>(name, { body });
}
