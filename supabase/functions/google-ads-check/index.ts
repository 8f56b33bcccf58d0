/** Supabase Edge Function `google-ads-check` (admins only): ../_shared/google-ads-check.ts. */
import { googleAdsCheckHandler } from '../_shared/google-ads-check.ts';
import { GOOGLE_ADS_ENV_NAMES } from '../_shared/google-ads-setup.ts';
import { defaultDeps } from '../_shared/track-conversion.ts';

const env = Object.fromEntries(GOOGLE_ADS_ENV_NAMES.map((name) => [name, Deno.env.get(name)]));

Deno.serve(
  googleAdsCheckHandler(env, { supabaseUrl: Deno.env.get('SUPABASE_URL') ?? '', anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '' }, defaultDeps('google-ads-check')),
);
