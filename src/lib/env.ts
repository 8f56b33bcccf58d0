/**
 * Public (browser-safe) configuration. Only PUBLIC_* variables may be read here; secrets
 * live on the server (see README "Environment variables").
 */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

export const supabaseUrl: string = import.meta.env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL;

/**
 * The local stand-in's anonymous key: the Supabase CLI's public development JWT
 * (`{"iss":"supabase-demo","role":"anon"}` signed with the documented dev secret). Not a secret.
 */
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const supabaseAnonKey: string = import.meta.env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_SUPABASE_ANON_KEY;
