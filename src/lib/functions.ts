/**
 * Invoking backend functions from pages that need nothing else of Supabase. Uses supabase-js's
 * own functions client (what the full client exposes as `supabase.functions.invoke`) without
 * loading the auth, database and storage clients.
 */
import { supabaseAnonKey, supabaseUrl } from '~/lib/env';

export interface InvokeOptions {
  /** Let the request outlive the page (a visitor who leaves at once does not lose it). */
  keepalive?: boolean;
}

/** Sends the anon key as `apikey` and bearer token, as supabase-js does when nobody is signed in. */
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
