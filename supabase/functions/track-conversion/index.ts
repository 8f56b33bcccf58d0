/**
 * Supabase Edge Function `track-conversion`, invoked from /thank-you/call and
 * /thank-you/resource. Same core as POST /api/track-conversion, with CORS (handler.ts): records
 * the conversion in the project's ledger (SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, which
 * Supabase sets for every function), answers, then sends it to Meta in EdgeRuntime.waitUntil.
 */
import { createHandler, envFrom } from './handler.ts';

Deno.serve(createHandler(envFrom((name) => Deno.env.get(name))));
