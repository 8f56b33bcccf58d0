/** Supabase Edge Function `conversions-test-event` (admins only): ../_shared/conversions-test-event.ts. */
import { testEventHandler } from '../_shared/conversions-test-event.ts';
import { defaultDeps } from '../_shared/track-conversion.ts';

const NAMES = ['META_PIXEL_ID', 'META_CAPI_TOKEN', 'META_TEST_EVENT_CODE', 'META_GRAPH_URL', 'META_API_VERSION', 'TRUSTED_PROXY_HOPS', 'SITE_URL', 'ALLOWED_ORIGINS'];
const env = Object.fromEntries(NAMES.map((name) => [name, Deno.env.get(name)]));

Deno.serve(
  testEventHandler(env, { supabaseUrl: Deno.env.get('SUPABASE_URL') ?? '', anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '' }, defaultDeps('conversions-test-event')),
);
