/**
 * Supabase Edge Function `deliver-conversions`: called every minute by Supabase Cron
 * (supabase/migrations/20261125000100_deliver_conversions_schedule.sql); sends the ledger's due
 * conversions to Meta (../_shared/deliver-conversions.ts).
 */
import { ledgerFromEnv } from '../_shared/conversion-ledger.ts';
import { deliverHandler, type DeliverEnv } from '../_shared/deliver-conversions.ts';
import { GOOGLE_ADS_ENV_NAMES } from '../_shared/google-ads-setup.ts';
import { defaultDeps } from '../_shared/track-conversion.ts';

const NAMES = [
  'META_PIXEL_ID',
  'META_CAPI_TOKEN',
  'META_TEST_EVENT_CODE',
  'META_GRAPH_URL',
  'META_API_VERSION',
  'DELIVER_CONVERSIONS_KEY',
  'CONVERSIONS_RETENTION_MONTHS',
  'SUPABASE_URL',
  'SUPABASE_SERVICE_ROLE_KEY',
  ...GOOGLE_ADS_ENV_NAMES,
];
const env = Object.fromEntries(NAMES.map((name) => [name, Deno.env.get(name)])) as DeliverEnv & { SUPABASE_URL?: string };

Deno.serve(deliverHandler(ledgerFromEnv(env), env, defaultDeps('deliver-conversions')));
