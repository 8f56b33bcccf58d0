/** The Supabase Edge Function's request handler, with settings from the function's env. */
import { defaultDeps, handleTrackConversion, type EventIdStore, type TrackEnv } from '../_shared/track-conversion.ts';
import type { UpstreamDeps } from '../_shared/meta-capi.ts';
import { postgrestEventIdStore } from '../_shared/track-guards.ts';

/** The core's settings plus the two Supabase gives every Edge Function. */
export interface EdgeTrackEnv extends TrackEnv {
  SUPABASE_URL?: string | undefined;
  SUPABASE_SERVICE_ROLE_KEY?: string | undefined;
}

const ENV_NAMES = [
  'META_PIXEL_ID',
  'META_CAPI_TOKEN',
  'META_TEST_EVENT_CODE',
  'META_GRAPH_URL',
  'META_API_VERSION',
  'ALLOWED_ORIGINS',
  'TRACK_RATE_LIMIT',
  'SUPABASE_URL',
  'SUPABASE_SERVICE_ROLE_KEY',
] as const;

export function envFrom(get: (name: string) => string | undefined): EdgeTrackEnv {
  return Object.fromEntries(ENV_NAMES.map((name) => [name, get(name)])) as EdgeTrackEnv;
}

/**
 * The forwarded event ids: the project's Postgres table through PostgREST with the service role
 * key when the env has SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, else undefined (the core's
 * in-process store).
 */
export function eventIdStoreFrom(env: EdgeTrackEnv): EventIdStore | undefined {
  const url = env.SUPABASE_URL?.trim();
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY?.trim();
  return url && serviceKey ? postgrestEventIdStore({ url, serviceKey }) : undefined;
}

/**
 * The rate limit is kept in this instance's memory (the core's default); the forwarded event ids
 * as eventIdStoreFrom says; the client IP is the first `X-Forwarded-For` hop, set by Supabase's
 * edge. `originsFor` supplies ALLOWED_ORIGINS per request where the env sets none (the local
 * stand-in, which serves whichever local port the site runs on).
 */
export function createHandler(
  env: EdgeTrackEnv,
  deps: UpstreamDeps = defaultDeps(),
  originsFor?: (request: Request) => string | undefined,
): (request: Request) => Promise<Response> {
  const eventIds = eventIdStoreFrom(env);
  return (request) => {
    const origins = env.ALLOWED_ORIGINS || originsFor?.(request);
    return handleTrackConversion(request, { ...env, ALLOWED_ORIGINS: origins }, deps, {
      cors: true,
      clientIpSource: 'x-forwarded-for',
      ...(eventIds ? { eventIds } : {}),
    });
  };
}
