/** Starts an in-memory local Supabase stand-in for a test file (and stops it afterwards). */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { fileURLToPath } from 'node:url';
import { configFromEnv, type StandinConfig } from '../../supabase/local/config.ts';
import { type Standin, startStandin } from '../../supabase/local/server.ts';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export async function startTestStandin(port: number, overrides: Partial<StandinConfig> = {}, env: NodeJS.ProcessEnv = {}): Promise<Standin> {
  const config = { ...configFromEnv({ STANDIN_DATA_DIR: ':memory:', STANDIN_QUIET: '1', ...env }, root), port, ...overrides };
  return startStandin(config, root, env);
}

/** Node 20 has no WebSocket; the site never uses realtime, so connecting is an error. */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not part of the contract under test');
  }
}

export function client(standin: Standin): SupabaseClient {
  return createClient(standin.url, standin.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
  });
}

export async function signedIn(standin: Standin, email: string, password: string): Promise<SupabaseClient> {
  const supabase = client(standin);
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return supabase;
}

export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
export const MEMBER = { email: 'member@example.com', password: 'member-password' };
/** The content editor's role: the content editor, nothing else of the admin. */
export const EDITOR = { email: 'editor@example.com', password: 'editor-password' };

/** A signed-in user's access token. */
export async function accessTokenOf(standin: Standin, user: { email: string; password: string }): Promise<string> {
  return (await (await signedIn(standin, user.email, user.password)).auth.getSession()).data.session!.access_token;
}

/** tus's Upload-Metadata header: each field as `key base64(value)`, comma-separated. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
