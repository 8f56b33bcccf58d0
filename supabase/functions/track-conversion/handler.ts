/** The Supabase Edge Function's request handler, with settings from the function's env. */
import { adminVisitFromEnv } from '../_shared/admin-visit.ts';
import { ledgerFromEnv, type LedgerEnv } from '../_shared/conversion-ledger.ts';
import type { UpstreamDeps } from '../_shared/meta-capi.ts';
import { GOOGLE_ADS_ENV_NAMES } from '../_shared/google-ads-setup.ts';
import { defaultDeps, handleTrackConversion, memoryLimiter, type TrackEnv } from '../_shared/track-conversion.ts';

/** The core's settings plus the two Supabase gives every Edge Function. */
export interface EdgeTrackEnv extends TrackEnv, LedgerEnv {}

const ENV_NAMES = [
  'META_PIXEL_ID',
  'META_CAPI_TOKEN',
  'META_TEST_EVENT_CODE',
  'META_GRAPH_URL',
  'META_API_VERSION',
  'ALLOWED_ORIGINS',
  'TRACK_RATE_LIMIT',
  'TRUSTED_PROXY_HOPS',
  'SUPABASE_URL',
  'SUPABASE_SERVICE_ROLE_KEY',
  ...GOOGLE_ADS_ENV_NAMES,
] as const;

export function envFrom(get: (name: string) => string | undefined): EdgeTrackEnv {
  return Object.fromEntries(ENV_NAMES.map((name) => [name, get(name)])) as EdgeTrackEnv;
}

/** Work after the answer: `EdgeRuntime.waitUntil` on Supabase; elsewhere the promise just runs. */
export function edgeBackground(work: Promise<unknown>): void {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil?: (promise: Promise<unknown>) => void } }).EdgeRuntime;
  runtime?.waitUntil?.(work);
}

/**
 * The ledger is the project's Postgres through PostgREST with the service role key; the rate
 * limit is kept in this handler's memory (one per function instance); the client IP is the
 * `X-Forwarded-For` entry Supabase's edge appends. `originsFor` supplies ALLOWED_ORIGINS per
 * request where the env sets none (the local stand-in, which serves whichever local port the
 * site runs on).
 */
export function createHandler(
  env: EdgeTrackEnv,
  deps: UpstreamDeps = defaultDeps(),
  originsFor?: (request: Request) => string | undefined,
  background: (work: Promise<unknown>) => void = edgeBackground,
): (request: Request) => Promise<Response> {
  const ledger = ledgerFromEnv(env, (input, init) => deps.fetch(input, init));
  const rateLimiter = memoryLimiter(env);
  const adminVisit = adminVisitFromEnv(env, (input, init) => deps.fetch(input, init));
  return (request) => {
    const origins = env.ALLOWED_ORIGINS || originsFor?.(request);
    return handleTrackConversion(request, { ...env, ALLOWED_ORIGINS: origins }, deps, {
      cors: true,
      endpoint: 'edge',
      clientIpSource: 'x-forwarded-for',
      rateLimiter,
      ledger,
      background,
      adminVisit,
    });
  };
}
