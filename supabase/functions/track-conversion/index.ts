/**
 * Supabase Edge Function `track-conversion`, invoked from /thank-you/call and
 * /thank-you/resource. Same core as POST /api/track-conversion, with CORS.
 */
import { createHandler, envFrom } from './handler.ts';

Deno.serve(createHandler(envFrom((name) => Deno.env.get(name))));
