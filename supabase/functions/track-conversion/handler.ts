/** The Supabase Edge Function's request handler, with settings from the function's env. */
import { defaultDeps, handleTrackConversion, type TrackEnv } from '../_shared/track-conversion.ts';
import type { UpstreamDeps } from '../_shared/meta-capi.ts';

const ENV_NAMES = ['META_PIXEL_ID', 'META_CAPI_TOKEN', 'META_TEST_EVENT_CODE', 'META_GRAPH_URL', 'META_API_VERSION', 'ALLOWED_ORIGINS', 'TRACK_RATE_LIMIT'] as const;

export function envFrom(get: (name: string) => string | undefined): TrackEnv {
  return Object.fromEntries(ENV_NAMES.map((name) => [name, get(name)])) as TrackEnv;
}

/**
 * The rate limit and the forwarded event ids are kept in this instance's memory (the core's
 * defaults); the client IP is the first `X-Forwarded-For` hop, set by Supabase's edge.
 * `originsFor` supplies ALLOWED_ORIGINS per request where the env sets none (the local stand-in,
 * which serves whichever local port the site runs on).
 */
export function createHandler(
  env: TrackEnv,
  deps: UpstreamDeps = defaultDeps(),
  originsFor?: (request: Request) => string | undefined,
): (request: Request) => Promise<Response> {
  return (request) => {
    const origins = env.ALLOWED_ORIGINS || originsFor?.(request);
    return handleTrackConversion(request, { ...env, ALLOWED_ORIGINS: origins }, deps, { cors: true, clientIpSource: 'x-forwarded-for' });
  };
}
