/**
 * Supabase Edge Function `track-conversion`, invoked from /thank-you/call and
 * /thank-you/resource. Same core as POST /api/track-conversion, with CORS (handler.ts). The
 * Postgres table of supabase/migrations/20261124000000_conversion_event_ids.sql is not wired in
 * yet: event ids and the rate limit are kept per instance (docs/tracking.md).
 */
import { createHandler, envFrom } from './handler.ts';

Deno.serve(createHandler(envFrom((name) => Deno.env.get(name))));
