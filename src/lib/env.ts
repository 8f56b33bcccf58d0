/**
 * Public (browser-safe) configuration. Only PUBLIC_* variables may be read here; secrets
 * live on the server (see README "Environment variables"). Unset, the site talks to the local
 * stand-in.
 */
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from './local-supabase';

export const supabaseUrl: string = import.meta.env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL;

export const supabaseAnonKey: string = import.meta.env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_SUPABASE_ANON_KEY;
