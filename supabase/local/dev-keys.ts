/**
 * The stand-in's service role key: the Supabase CLI's public development JWT
 * (`{"iss":"supabase-demo","role":"service_role","exp":1983812996}` signed with DEV_JWT_SECRET).
 * Not a secret; never used in production. A module of its own, with no imports, so the tools
 * that start the stand-in can read it without bundling.
 */
export const DEV_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
