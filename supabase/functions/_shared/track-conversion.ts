/**
 * The track-conversion endpoint, runtime-free (Request, env, deps → Response). Adapters:
 * functions/api/track-conversion.ts (Cloudflare Pages) and
 * supabase/functions/track-conversion/index.ts (Supabase Edge Functions, Deno).
 */
import { clientIpFrom, consentRefusal, validateConversionEvent, type ClientIpSource } from './conversion-event.ts';
import { corsHeaders, errorResponse, jsonResponse, readJsonBody } from './http.ts';
import { forwardToMeta, type MetaConfig, type UpstreamDeps } from './meta-capi.ts';
import { DEFAULT_RATE_LIMIT, FixedWindowLimiter, MemoryEventIdStore, RATE_PERIOD_S, type EventIdStore, type RateLimiter } from './track-guards.ts';

export type { ClientIpSource } from './conversion-event.ts';
export type { EventIdStore, RateLimiter } from './track-guards.ts';

export const MAX_BODY_BYTES = 16 * 1024;
export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com';
export const DEFAULT_API_VERSION = 'v21.0';
/** Meta deduplicates a browser and a server event within 48 h; a replay inside it is not forwarded. */
export const EVENT_ID_TTL_S = 48 * 60 * 60;

/** Server-only settings (README "Environment variables"). */
export interface TrackEnv {
  META_PIXEL_ID?: string | undefined;
  META_CAPI_TOKEN?: string | undefined;
  META_TEST_EVENT_CODE?: string | undefined;
  META_GRAPH_URL?: string | undefined;
  META_API_VERSION?: string | undefined;
  /** Comma-separated site origins allowed to post; unset: the endpoint's own origin only. */
  ALLOWED_ORIGINS?: string | undefined;
  /** Events per client per minute for an in-process limiter (default 30). */
  TRACK_RATE_LIMIT?: string | undefined;
}

export interface TrackOptions {
  /** Answer with the Supabase Edge Functions CORS headers (the Pages Function is same-origin). */
  cors: boolean;
  /** The platform's client IP header; default `x-forwarded-for` with `cors`, else `cf-connecting-ip`. */
  clientIpSource?: ClientIpSource;
  /** Per-client limit; default an in-process limiter shared by the calls without one. */
  rateLimiter?: RateLimiter;
  /** Event ids already forwarded; default an in-process store shared by the calls without one. */
  eventIds?: EventIdStore;
}

/** The in-process limit: TRACK_RATE_LIMIT (a positive integer) or DEFAULT_RATE_LIMIT per minute. */
export function rateLimitFrom(env: TrackEnv): number {
  const value = Number(env.TRACK_RATE_LIMIT?.trim());
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_RATE_LIMIT;
}

export function memoryLimiter(env: TrackEnv, now: () => number = Date.now): RateLimiter {
  return new FixedWindowLimiter(rateLimitFrom(env), RATE_PERIOD_S * 1000, now);
}

let fallbackLimiter: RateLimiter | undefined;
let fallbackEventIds: EventIdStore | undefined;

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

/** An origin (`scheme://host[:port]`) as URL normalises it, or null. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The site origins that may post: ALLOWED_ORIGINS when it names any, else the endpoint's own
 * origin (the request URL's). `*` or anything that is not an http(s) origin is ignored.
 */
export function allowedOrigins(allowed: string | undefined, requestUrl: string): string[] {
  const list = (allowed ?? '')
    .split(',')
    .map((entry) => originOf(entry.trim()))
    .filter((origin): origin is string => origin !== null);
  return list.length > 0 ? [...new Set(list)] : [new URL(requestUrl).origin];
}

/** Whether a URL (an Origin header, an event_source_url) is on one of the allowed origins. */
export function onAllowedOrigin(url: string, allowed: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && allowed.includes(origin);
}

/**
 * Why a request does not come from the site's own pages, or null when it does: its Origin must
 * be allowed; without an Origin, only `Sec-Fetch-Site: same-origin` is accepted.
 */
export function originRefusal(headers: Headers, allowed: readonly string[]): string | null {
  const origin = headers.get('origin');
  if (origin === null) {
    return headers.get('sec-fetch-site') === 'same-origin' ? null : 'the request has no Origin header: only the site itself may post';
  }
  return onAllowedOrigin(origin, allowed) ? null : `origin ${origin} is not allowed`;
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
  const allowed = allowedOrigins(env.ALLOWED_ORIGINS, request.url);
  const refusal = originRefusal(request.headers, allowed);
  if (refusal) {
    request.body?.cancel().catch(() => undefined);
    return errorResponse(403, refusal, headers);
  }
  const clientIp = clientIpFrom(request.headers, options.clientIpSource ?? (options.cors ? 'x-forwarded-for' : 'cf-connecting-ip'));
  const limiter = options.rateLimiter ?? (fallbackLimiter ??= memoryLimiter(env));
  const rate = await limiter.limit(clientIp ?? 'unknown');
  if (!rate.ok) {
    request.body?.cancel().catch(() => undefined);
    deps.log('rate limited', { client_ip: clientIp });
    return errorResponse(429, 'too many events from this client: try again later', { ...headers, 'Retry-After': String(rate.retryAfterS) });
  }
  const body = await readJsonBody(request, MAX_BODY_BYTES, headers);
  if (!body.ok) return body.response;

  const checked = validateConversionEvent(body.value, {
    nowS: Math.floor(deps.now() / 1000),
    clientIp,
    userAgent: request.headers.get('user-agent'),
  });
  if (!checked.ok) return errorResponse(400, checked.error, headers);
  const withoutConsent = consentRefusal(body.value, request.headers);
  if (withoutConsent) return errorResponse(403, withoutConsent, headers);
  if (!onAllowedOrigin(checked.event.event_source_url, allowed)) {
    return errorResponse(400, `event_source_url must be a page of this site (${allowed.join(', ')})`, headers);
  }
  // Every forwarded event has an id, so Meta drops a retry's duplicate.
  const event = { ...checked.event, event_id: checked.event.event_id ?? crypto.randomUUID() };

  const meta = metaConfig(env);
  if ('reason' in meta) {
    deps.log('meta: not forwarded', { event_id: event.event_id, event_name: event.event_name, reason: meta.reason });
    return jsonResponse({ forwarded: false, reason: meta.reason, event_id: event.event_id }, 202, headers);
  }
  // At most once to Meta within 48 h: a replayed id is answered without forwarding.
  const eventIds = options.eventIds ?? (fallbackEventIds ??= new MemoryEventIdStore());
  let claimed: boolean;
  try {
    claimed = await eventIds.claim(event.event_id, EVENT_ID_TTL_S);
  } catch (error) {
    // Without the record a replay could not be told apart: nothing is forwarded, the page retries.
    deps.log('event id store unavailable', { event_id: event.event_id, error: String(error) });
    return errorResponse(503, 'the event-id store is unavailable: the event was not forwarded, try again later', headers);
  }
  if (!claimed) {
    deps.log('meta: duplicate not forwarded', { event_id: event.event_id });
    return jsonResponse({ forwarded: false, duplicate: true, event_id: event.event_id }, 200, headers);
  }
  const result = await forwardToMeta(event, meta.config, deps);
  if (result.ok) {
    return jsonResponse(
      { forwarded: true, event_id: event.event_id, events_received: result.eventsReceived, fbtrace_id: result.fbtraceId },
      200,
      headers,
    );
  }
  // Not delivered: the id is free again, so the page's retry can send it.
  await eventIds.release(event.event_id).catch((error: unknown) => deps.log('event id not released', { event_id: event.event_id, error: String(error) }));
  if (!result.transient) {
    return jsonResponse({ error: `Meta refused the event: ${result.message}`, fbtrace_id: result.fbtraceId }, 502, headers);
  }
  return errorResponse(503, `Meta did not accept the event after ${result.attempts} attempts: ${result.message}`, headers);
}
