/**
 * The headers that carry a Supabase API key, as supabase-js sends them: always `apikey`; a legacy
 * key (a JWT: anon, service_role) also as `Authorization: Bearer`. New-format keys
 * (`sb_publishable_…`, `sb_secret_…`) are not JWTs and go as `apikey` only.
 */
export function supabaseKeyHeaders(key: string): Record<string, string> {
  return key.startsWith('sb_') ? { apikey: key } : { apikey: key, authorization: `Bearer ${key}` };
}
