/** Function settings from the Deno environment (Supabase sets SUPABASE_URL and SUPABASE_ANON_KEY). */
import type { GhlEnv } from './ghl.ts';

declare const Deno: { env: { get(name: string): string | undefined } };

export function ghlEnvFromDeno(): GhlEnv {
  const env: GhlEnv = {
    supabaseUrl: Deno.env.get('SUPABASE_URL') ?? '',
    anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    ghlApiBase: Deno.env.get('GHL_API_BASE') ?? 'https://services.leadconnectorhq.com',
    ghlApiToken: Deno.env.get('GHL_API_TOKEN') ?? '',
  };
  const locationId = Deno.env.get('GHL_LOCATION_ID');
  if (locationId) env.ghlLocationId = locationId;
  return env;
}
