/**
 * The local Supabase stand-in (supabase/local/) as the site reaches it when PUBLIC_SUPABASE_URL is
 * not set: its address and its anonymous key, the Supabase CLI's public development JWT
 * (`{"iss":"supabase-demo","role":"anon"}` signed with the documented dev secret). Not secrets.
 */
export const LOCAL_SUPABASE_HOST = '127.0.0.1';
export const LOCAL_SUPABASE_PORT = 54321;
export const LOCAL_SUPABASE_URL = `http://${LOCAL_SUPABASE_HOST}:${LOCAL_SUPABASE_PORT}`;
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
