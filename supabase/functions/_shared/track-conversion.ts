/**
 * The track-conversion endpoint, runtime-free (Request, env, deps → Response). Adapters:
 * functions/api/track-conversion.ts (Cloudflare Pages) and
 * supabase/functions/track-conversion/index.ts (Supabase Edge Functions, Deno).
 *
 * Every valid conversion is recorded in the ledger before the answer (202 `{recorded}`; a
 * replayed id 200 `{duplicate}`), with consent as the event Meta will get, without consent as a
 * count with no identifier. Delivery to Meta happens after the answer (`background`), and again
 * from the scheduled run until Meta has it (conversion-delivery.ts); likewise to Google Ads, for a
 * conversion that came with a Google click, once the click is as old as Google asks
 * (google-ads-delivery.ts).
 */
import type { AdminVisitCheck } from './admin-visit.ts';
import { clientIpFrom, hasConsent, validateConversionEvent, type ClientIpSource, type ServerEvent } from './conversion-event.ts';
import { deliverConversions } from './conversion-delivery.ts';
import { ledgerRow, type ConversionLedger, type Endpoint } from './conversion-ledger.ts';
import { deliverToGoogleAds } from './google-ads-delivery.ts';
import { googleAdsPart } from './google-ads-ledger.ts';
import { googleAdsFromEnv, type GoogleAdsEnv } from './google-ads-setup.ts';
import { corsHeaders, errorResponse, jsonResponse, readJsonBody } from './http.ts';
import { DEFAULT_API_VERSION } from './meta-api-versions.ts';
import type { MetaConfig, UpstreamDeps } from './meta-capi.ts';
import { DEFAULT_RATE_LIMIT, FixedWindowLimiter, RATE_PERIOD_S, rateKey, type RateLimiter } from './track-guards.ts';

export type { ClientIpSource } from './conversion-event.ts';
export type { RateLimiter } from './track-guards.ts';

export const MAX_BODY_BYTES = 16 * 1024;
export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com';

/** Server-only settings (README "Environment variables"). */
export interface TrackEnv extends GoogleAdsEnv {
  META_PIXEL_ID?: string | undefined;
  META_CAPI_TOKEN?: string | undefined;
  META_TEST_EVENT_CODE?: string | undefined;
  META_GRAPH_URL?: string | undefined;
  META_API_VERSION?: string | undefined;
  /** Comma-separated site origins allowed to post; unset: the endpoint's own origin only. */
  ALLOWED_ORIGINS?: string | undefined;
  /** Events per client per minute for an in-process limiter (default 30). */
  TRACK_RATE_LIMIT?: string | undefined;
  /** X-Forwarded-For: how many entries from the end the platform's proxies add (default 1). */
  TRUSTED_PROXY_HOPS?: string | undefined;
}

export interface TrackOptions {
  /** Answer with the Supabase Edge Functions CORS headers (the Pages Function is same-origin). */
  cors: boolean;
  /** Which endpoint records the row. */
  endpoint: Endpoint;
  /** The platform's client IP header. */
  clientIpSource: ClientIpSource;
  /** Per-client limit; default an in-process limiter shared by the calls without one. */
  rateLimiter?: RateLimiter;
  /** The ledger, or why there is none (the answer is then 503 and the reason is logged). */
  ledger: ConversionLedger | { missing: string };
  /** Runs work after the answer (waitUntil); the promise never rejects. */
  background: (work: Promise<unknown>) => void;
  /** Whether the request comes from a browser signed in as an admin (admin-visit.ts); without it, never. */
  adminVisit?: AdminVisitCheck | undefined;
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

export function defaultDeps(fn = 'track-conversion'): UpstreamDeps {
  return {
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    random: () => Math.random(),
    log: (message, details = {}) => console.log(JSON.stringify({ fn, message, ...details })),
  };
}

/** The Meta settings, or which of them are missing (for the logs and the admin only). */
export function metaConfig(env: TrackEnv): { config: MetaConfig } | { missing: string[] } {
  const missing = (['META_PIXEL_ID', 'META_CAPI_TOKEN'] as const).filter((name) => !env[name]?.trim());
  if (missing.length > 0) return { missing };
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

/** SHA-256 hex of a text (Meta's form for a hashed external_id). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The event Meta gets: external_id hashed. */
async function forMeta(event: ServerEvent & { event_id: string }): Promise<ServerEvent & { event_id: string }> {
  const externalId = event.user_data.external_id;
  if (!externalId) return event;
  return { ...event, user_data: { ...event.user_data, external_id: await sha256Hex(externalId.trim()) } };
}
/** An origin (`scheme://host[:port]`) as URL normalises it, or null. */
export function originOf(value: string): string | null {
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

export async function handleTrackConversion(request: Request, env: TrackEnv, deps: UpstreamDeps, options: TrackOptions): Promise<Response> {
  const headers = options.cors ? corsHeaders : {};
  if (request.method === 'OPTIONS') {
    return options.cors ? new Response('ok', { headers }) : new Response(null, { status: 204, headers: { ...headers, Allow: 'POST, OPTIONS' } });
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
  const clientIp = clientIpFrom(request.headers, options.clientIpSource, Number(env.TRUSTED_PROXY_HOPS?.trim()) || 1);
  const limiter = options.rateLimiter ?? (fallbackLimiter ??= memoryLimiter(env));
  // An IPv6 client counts by its /64 (rateKey), for the in-process counter and a binding alike.
  const key = rateKey(clientIp);
  const rate = await limiter.limit(key);
  if (!rate.ok) {
    request.body?.cancel().catch(() => undefined);
    deps.log('rate limited', { client_ip: clientIp, key });
    return errorResponse(429, 'too many events from this client: try again later', { ...headers, 'Retry-After': String(rate.retryAfterS) });
  }
  const body = await readJsonBody(request, MAX_BODY_BYTES, headers);
  if (!body.ok) return body.response;

  const consented = hasConsent(body.value, request.headers);
  const checked = validateConversionEvent(
    body.value,
    { nowS: Math.floor(deps.now() / 1000), clientIp, userAgent: request.headers.get('user-agent') },
    consented,
  );
  if (!checked.ok) return errorResponse(400, checked.error, headers);
  if (!onAllowedOrigin(checked.event.event_source_url, allowed)) {
    return errorResponse(400, 'event_source_url is not a page of this site: this page may not send conversions', headers);
  }
  const event = { ...checked.event, event_id: checked.event.event_id ?? crypto.randomUUID() };

  if ('missing' in options.ledger) {
    deps.log('ledger: not configured, the conversion was not recorded', { event_id: event.event_id, missing: options.ledger.missing });
    return errorResponse(503, 'the conversion could not be recorded: try again later', headers);
  }
  const ledger = options.ledger;
  const meta = metaConfig(env);
  const adminVisit = (await options.adminVisit?.(request)) === true;
  const google = googleAdsFromEnv(env, deps);
  const row = {
    ...ledgerRow(consented ? await forMeta(event) : event, options.endpoint, consented, 'config' in meta, adminVisit, checked.googleClick),
    google_ads: googleAdsPart(event, checked.googleClick, consented, adminVisit, 'client' in google ? google.setting : null),
  };
  let recorded: 'recorded' | 'duplicate';
  try {
    recorded = await ledger.record(row);
  } catch (error) {
    deps.log('ledger: record failed', { event_id: event.event_id, error: String(error) });
    return errorResponse(503, 'the conversion could not be recorded: try again later', headers);
  }
  if (recorded === 'duplicate') return jsonResponse({ duplicate: true, event_id: event.event_id }, 200, headers);
  if (row.state === 'not_configured') deps.log('meta: not configured, recorded only', { event_id: event.event_id, missing: 'missing' in meta ? meta.missing : [] });
  if ('invalid' in google && row.google_ads) deps.log('google-ads: the settings are wrong, recorded only', { event_id: event.event_id, problem: google.invalid });
  if (row.state === 'pending' && 'config' in meta) {
    options.background(
      deliverConversions(ledger, meta.config, deps, { eventId: event.event_id }).catch((error: unknown) =>
        deps.log('meta: delivery after recording failed; the scheduled run sends it', { event_id: event.event_id, error: String(error) }),
      ),
    );
  }
  const googlePart = row.google_ads;
  if (googlePart?.state === 'pending' && 'client' in google && Date.parse(googlePart.not_before ?? '') <= deps.now()) {
    options.background(
      deliverToGoogleAds(ledger, google.client, deps, { eventId: event.event_id }).catch((error: unknown) =>
        deps.log('google-ads: delivery after recording failed; the scheduled run sends it', { event_id: event.event_id, error: String(error) }),
      ),
    );
  }
  return jsonResponse({ recorded: true, event_id: event.event_id }, 202, headers);
}
