/**
 * The track-conversion endpoint, runtime-free (Request, env, deps → Response). Adapters:
 * functions/api/track-conversion.ts (Cloudflare Pages) and
 * supabase/functions/track-conversion/index.ts (Supabase Edge Functions, Deno).
 */
import { clientIpFrom, validateConversionEvent } from './conversion-event.ts';
import { corsHeaders, errorResponse, jsonResponse, readJsonBody } from './http.ts';
import { forwardToMeta, type MetaConfig, type UpstreamDeps } from './meta-capi.ts';

export const MAX_BODY_BYTES = 16 * 1024;
export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com';
export const DEFAULT_API_VERSION = 'v21.0';

/** Server-only settings (README "Environment variables"). */
export interface TrackEnv {
  META_PIXEL_ID?: string | undefined;
  META_CAPI_TOKEN?: string | undefined;
  META_TEST_EVENT_CODE?: string | undefined;
  META_GRAPH_URL?: string | undefined;
  META_API_VERSION?: string | undefined;
  /** Comma-separated origins allowed to post; unset or `*` allows any. */
  ALLOWED_ORIGINS?: string | undefined;
}

export interface TrackOptions {
  /** Answer with the Supabase Edge Functions CORS headers (the Pages Function is same-origin). */
  cors: boolean;
}

export function defaultDeps(): UpstreamDeps {
  return {
    fetch: (input, init) => fetch(input, init),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    random: () => Math.random(),
    log: (message, details = {}) => console.log(JSON.stringify({ fn: 'track-conversion', message, ...details })),
  };
}

/** The Meta settings, or why forwarding is off. */
export function metaConfig(env: TrackEnv): { config: MetaConfig } | { reason: string } {
  const missing = (['META_PIXEL_ID', 'META_CAPI_TOKEN'] as const).filter((name) => !env[name]?.trim());
  if (missing.length > 0) return { reason: `${missing.join(' and ')} not set: the event was validated but not forwarded` };
  return {
    config: {
      graphUrl: env.META_GRAPH_URL?.trim() || DEFAULT_GRAPH_URL,
      apiVersion: env.META_API_VERSION?.trim() || DEFAULT_API_VERSION,
      pixelId: env.META_PIXEL_ID!.trim(),
      token: env.META_CAPI_TOKEN!.trim(),
      testEventCode: env.META_TEST_EVENT_CODE?.trim() || undefined,
    },
  };
}

export function originAllowed(origin: string | null, allowed: string | undefined): boolean {
  const list = (allowed ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  if (list.length === 0 || list.includes('*') || origin === null) return true;
  return list.includes(origin);
}

export async function handleTrackConversion(
  request: Request,
  env: TrackEnv,
  deps: UpstreamDeps,
  options: TrackOptions,
): Promise<Response> {
  const headers = options.cors ? corsHeaders : {};
  if (request.method === 'OPTIONS') {
    return options.cors ? new Response('ok', { headers }) : new Response(null, { status: 204, headers: { Allow: 'POST, OPTIONS' } });
  }
  if (request.method !== 'POST') {
    return errorResponse(405, 'method must be POST', { ...headers, Allow: 'POST, OPTIONS' });
  }
  const origin = request.headers.get('origin');
  if (!originAllowed(origin, env.ALLOWED_ORIGINS)) {
    return errorResponse(403, `origin ${origin} is not allowed`, headers);
  }
  const body = await readJsonBody(request, MAX_BODY_BYTES, headers);
  if (!body.ok) return body.response;

  const checked = validateConversionEvent(body.value, {
    nowS: Math.floor(deps.now() / 1000),
    clientIp: clientIpFrom(request.headers),
    userAgent: request.headers.get('user-agent'),
  });
  if (!checked.ok) return errorResponse(400, checked.error, headers);
  // Every forwarded event has an id, so Meta drops a retry's duplicate.
  const event = { ...checked.event, event_id: checked.event.event_id ?? crypto.randomUUID() };

  const meta = metaConfig(env);
  if ('reason' in meta) {
    deps.log('meta: not forwarded', { event_id: event.event_id, event_name: event.event_name, reason: meta.reason });
    return jsonResponse({ forwarded: false, reason: meta.reason, event_id: event.event_id }, 202, headers);
  }
  const result = await forwardToMeta(event, meta.config, deps);
  if (result.ok) {
    return jsonResponse(
      { forwarded: true, event_id: event.event_id, events_received: result.eventsReceived, fbtrace_id: result.fbtraceId },
      200,
      headers,
    );
  }
  if (!result.transient) {
    return jsonResponse({ error: `Meta refused the event: ${result.message}`, fbtrace_id: result.fbtraceId }, 502, headers);
  }
  return errorResponse(503, `Meta did not accept the event after ${result.attempts} attempts: ${result.message}`, headers);
}
