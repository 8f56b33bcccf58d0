/**
 * Supabase Edge Function `track-conversion`, invoked from /thank-you/call and
 * /thank-you/resource. Same core as POST /api/track-conversion, with CORS (handler.ts). Forwarded
 * event ids are kept in Postgres (supabase/migrations/20261124000000_conversion_event_ids.sql)
 * through PostgREST with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, which Supabase sets for
 * every function; without them, in this instance's memory. The rate limit is per instance
 * (docs/tracking.md).
 */
import { createHandler, envFrom } from './handler.ts';

Deno.serve(createHandler(envFrom((name) => Deno.env.get(name))));
