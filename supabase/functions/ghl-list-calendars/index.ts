// Supabase Edge Function entry: the logic lives in ../_shared/ghl.ts.
import { ghlEnvFromDeno } from '../_shared/deno-env.ts';
import { ghlHandler } from '../_shared/ghl.ts';

Deno.serve(ghlHandler('ghl-list-calendars', ghlEnvFromDeno()));
