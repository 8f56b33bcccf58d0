/**
 * GoHighLevel calendar functions: ghl-list-calendars, ghl-calendar-details and
 * ghl-calendar-availability. Admin only; the token comes from the server environment and never
 * appears in a response or a log line.
 *
 * A setting the server lacks is not a server fault: the admin gets 503 with the settings named
 * (`{"error": "...", "missing": ["GHL_API_TOKEN"]}`). An upstream on this machine (the local
 * fake GoHighLevel of `npm run dev` and the tests) is named in the `x-ghl-upstream: local-fake`
 * header, so the calendar debugger can say it is not talking to the real service.
 *
 * A GET of ghl-list-calendars tells an admin the location the server uses when a request names
 * none (`{"locationId": "..." | null}`, from GHL_LOCATION_ID), so the debugger can fill it in and
 * explain a missing one before anything runs. Nothing else of the settings is ever told.
 */
import { type SupabaseEnv, requireAdmin } from './auth.ts';
import { LOCAL_FAKE_UPSTREAM, UPSTREAM_HEADER } from './ghl-upstream.ts';
import { corsHeaders, errorResponse, jsonResponse, readJsonBody } from './http.ts';

export interface GhlEnv extends SupabaseEnv {
  ghlApiBase: string;
  ghlApiToken: string;
  /** Used when a request names no locationId. */
  ghlLocationId?: string;
}

export type GhlFunctionName = 'ghl-list-calendars' | 'ghl-calendar-details' | 'ghl-calendar-availability';
export const GHL_FUNCTIONS: readonly GhlFunctionName[] = ['ghl-list-calendars', 'ghl-calendar-details', 'ghl-calendar-availability'];

export interface UpstreamRequest {
  path: string;
  query: [string, string][];
  apiVersion: string;
}

export type Parsed = { ok: true; request: UpstreamRequest } | { ok: false; error: string };

const MAX_RANGE_MS = 31 * 24 * 60 * 60 * 1000;

function object(body: unknown): Record<string, unknown> | null {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined | Error {
  const value = body[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 200) return new Error(`${key} must be a string of at most 200 characters`);
  return value.trim();
}

function requiredId(body: Record<string, unknown>, key: string): string | Error {
  const value = body[key];
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(value)) return new Error(`${key} is required: letters, digits, '-' or '_'`);
  return value;
}

function apiVersionOf(body: Record<string, unknown>): string | Error {
  const value = body.apiVersion;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Error('apiVersion is required, e.g. "2021-04-15"');
  return value;
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function location(body: Record<string, unknown>, env: GhlEnv): string | Error {
  const given = optionalString(body, 'locationId');
  if (given instanceof Error) return given;
  const value = given ?? env.ghlLocationId;
  if (!value) return new Error('locationId is required (in the body or as GHL_LOCATION_ID on the server)');
  return value;
}

const fail = (error: Error): Parsed => ({ ok: false, error: error.message });

export function parseListCalendars(body: unknown, env: GhlEnv): Parsed {
  const input = object(body);
  if (!input) return { ok: false, error: 'body must be a JSON object' };
  const apiVersion = apiVersionOf(input);
  if (apiVersion instanceof Error) return fail(apiVersion);
  const locationId = location(input, env);
  if (locationId instanceof Error) return fail(locationId);
  return { ok: true, request: { path: '/calendars/', query: [['locationId', locationId]], apiVersion } };
}

export function parseCalendarDetails(body: unknown): Parsed {
  const input = object(body);
  if (!input) return { ok: false, error: 'body must be a JSON object' };
  const calendarId = requiredId(input, 'calendarId');
  if (calendarId instanceof Error) return fail(calendarId);
  const apiVersion = apiVersionOf(input);
  if (apiVersion instanceof Error) return fail(apiVersion);
  const locationId = optionalString(input, 'locationId');
  if (locationId instanceof Error) return fail(locationId);
  return { ok: true, request: { path: `/calendars/${calendarId}`, query: [], apiVersion } };
}

export function parseAvailability(body: unknown): Parsed {
  const input = object(body);
  if (!input) return { ok: false, error: 'body must be a JSON object' };
  const calendarId = requiredId(input, 'calendarId');
  if (calendarId instanceof Error) return fail(calendarId);
  const apiVersion = apiVersionOf(input);
  if (apiVersion instanceof Error) return fail(apiVersion);
  const { startDate, endDate, timezone, parameterEncoding, userIds } = input;
  if (!Number.isSafeInteger(startDate) || (startDate as number) < 0) return { ok: false, error: 'startDate must be epoch milliseconds (an integer)' };
  if (!Number.isSafeInteger(endDate) || (endDate as number) <= (startDate as number)) {
    return { ok: false, error: 'endDate must be epoch milliseconds after startDate' };
  }
  if ((endDate as number) - (startDate as number) > MAX_RANGE_MS) return { ok: false, error: 'the range from startDate to endDate must be at most 31 days' };
  if (typeof timezone !== 'string' || !isTimeZone(timezone)) return { ok: false, error: 'timezone must be an IANA time zone, e.g. "America/Chicago"' };
  if (parameterEncoding !== 'comma-separated' && parameterEncoding !== 'multiple-params') {
    return { ok: false, error: 'parameterEncoding must be "comma-separated" or "multiple-params"' };
  }
  const locationId = optionalString(input, 'locationId');
  if (locationId instanceof Error) return fail(locationId);
  let ids: string[] = [];
  if (userIds !== undefined && userIds !== null) {
    if (!Array.isArray(userIds) || userIds.length > 50 || !userIds.every((id) => typeof id === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(id))) {
      return { ok: false, error: 'userIds must be a list of at most 50 user ids' };
    }
    ids = userIds as string[];
  }
  const query: [string, string][] = [
    ['startDate', String(startDate)],
    ['endDate', String(endDate)],
    ['timezone', timezone],
  ];
  if (ids.length && parameterEncoding === 'comma-separated') query.push(['userIds', ids.join(',')]);
  if (parameterEncoding === 'multiple-params') for (const id of ids) query.push(['userIds', id]);
  return { ok: true, request: { path: `/calendars/${calendarId}/free-slots`, query, apiVersion } };
}

export function upstreamUrl(base: string, request: UpstreamRequest): string {
  const url = new URL(base.replace(/\/+$/, '') + request.path);
  for (const [key, value] of request.query) url.searchParams.append(key, value);
  return url.toString();
}

/** The settings without which no call can reach GoHighLevel (GHL_API_BASE has a default). */
export function missingGhlSettings(env: Pick<GhlEnv, 'ghlApiToken' | 'ghlApiBase'>): string[] {
  const missing: string[] = [];
  if (!env.ghlApiBase) missing.push('GHL_API_BASE');
  if (!env.ghlApiToken) missing.push('GHL_API_TOKEN');
  return missing;
}

/** 503: the function is fine, the server lacks settings. The body names them. */
export function notConfiguredResponse(missing: readonly string[]): Response {
  return jsonResponse(
    { error: `GoHighLevel is not configured on this server: set ${missing.join(' and ')}`, missing },
    503,
    ghlHeaders({ ghlApiBase: '' }),
  );
}

/** A GoHighLevel base URL on this machine (127.0.0.0/8, localhost, [::1]): a fake, never the real service. */
export function isLocalUpstream(base: string): boolean {
  try {
    const { hostname } = new URL(base);
    return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
  } catch {
    return false;
  }
}

/** CORS headers of every answer, the upstream header readable by the page, and the local-fake label when it applies. */
function ghlHeaders(env: Pick<GhlEnv, 'ghlApiBase'>): Record<string, string> {
  const headers: Record<string, string> = { ...corsHeaders, 'Access-Control-Expose-Headers': UPSTREAM_HEADER };
  if (isLocalUpstream(env.ghlApiBase)) headers[UPSTREAM_HEADER] = LOCAL_FAKE_UPSTREAM;
  return headers;
}

/** The answer to a GET of ghl-list-calendars: the server's GHL_LOCATION_ID, or null. */
export function locationResponse(env: Pick<GhlEnv, 'ghlApiBase' | 'ghlLocationId'>): Response {
  return jsonResponse({ locationId: env.ghlLocationId || null }, 200, ghlHeaders(env));
}

/** Calls GoHighLevel and answers with its status and JSON (the settings were checked by the handler). */
export async function callGhl(env: GhlEnv, request: UpstreamRequest): Promise<Response> {
  const headers = ghlHeaders(env);
  let upstream: Response;
  try {
    upstream = await (env.fetch ?? fetch)(upstreamUrl(env.ghlApiBase, request), {
      headers: { authorization: `Bearer ${env.ghlApiToken}`, version: request.apiVersion, accept: 'application/json' },
    });
  } catch {
    return errorResponse(502, 'GoHighLevel could not be reached', headers);
  }
  const text = await upstream.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    return errorResponse(502, `GoHighLevel answered ${upstream.status} with a body that is not JSON`, headers);
  }
  return jsonResponse(body, upstream.status, headers);
}

const PARSERS: Record<GhlFunctionName, (body: unknown, env: GhlEnv) => Parsed> = {
  'ghl-list-calendars': parseListCalendars,
  'ghl-calendar-details': parseCalendarDetails,
  'ghl-calendar-availability': parseAvailability,
};

/**
 * The whole function: CORS preflight, POST only (and GET for the list's location), admin check,
 * settings, body validation, upstream call.
 */
export function ghlHandler(name: GhlFunctionName, env: GhlEnv): (request: Request) => Promise<Response> {
  const tellsLocation = name === 'ghl-list-calendars';
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    const isGet = tellsLocation && request.method === 'GET';
    if (request.method !== 'POST' && !isGet) return errorResponse(405, 'use POST', { ...corsHeaders, allow: tellsLocation ? 'GET, POST, OPTIONS' : 'POST, OPTIONS' });
    const caller = await requireAdmin(request, env);
    if (!caller.ok) return caller.response;
    // The location is a setting of its own: told whether or not the token is set.
    if (isGet) return locationResponse(env);
    // Nothing can reach GoHighLevel without these, whatever the body: say so first.
    const missing = missingGhlSettings(env);
    if (missing.length > 0) {
      request.body?.cancel().catch(() => undefined);
      return notConfiguredResponse(missing);
    }
    const body = await readJsonBody(request, 16 * 1024, corsHeaders);
    if (!body.ok) return body.response;
    const parsed = PARSERS[name](body.value, env);
    if (!parsed.ok) return errorResponse(400, parsed.error, corsHeaders);
    return callGhl(env, parsed.request);
  };
}
