/**
 * Public (browser-safe) configuration. Only PUBLIC_* variables may be read here; secrets
 * live on the server (see README "Environment variables").
 */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

export const supabaseUrl: string = import.meta.env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL;
