/** The Supabase Edge Function's request handler, with settings from the function's env. */
import { defaultDeps, handleTrackConversion, type TrackEnv } from '../_shared/track-conversion.ts';
import type { UpstreamDeps } from '../_shared/meta-capi.ts';

const ENV_NAMES = ['META_PIXEL_ID', 'META_CAPI_TOKEN', 'META_TEST_EVENT_CODE', 'META_GRAPH_URL', 'META_API_VERSION', 'ALLOWED_ORIGINS'] as const;

export function envFrom(get: (name: string) => string | undefined): TrackEnv {
  return Object.fromEntries(ENV_NAMES.map((name) => [name, get(name)])) as TrackEnv;
}

export function createHandler(env: TrackEnv, deps: UpstreamDeps = defaultDeps()): (request: Request) => Promise<Response> {
  return (request) => handleTrackConversion(request, env, deps, { cors: true });
}
