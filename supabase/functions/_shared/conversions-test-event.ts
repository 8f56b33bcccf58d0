/**
 * `conversions-test-event`, for the admin's Conversions tab (admins only):
 * - GET: whether Meta is configured (which settings are missing) and the Graph API version used;
 * - POST `{test_event_code?}`: sends one test event to Meta with that code (or
 *   META_TEST_EVENT_CODE), shown in Events Manager → Test events, and answers with Meta's answer.
 * Runtime-free.
 */
import { requireAdmin, type SupabaseEnv } from './auth.ts';
import { clientIpFrom } from './conversion-event.ts';
import { corsHeaders, errorResponse, jsonResponse, readJsonBody } from './http.ts';
import { sendEvents, type UpstreamDeps } from './meta-capi.ts';
import { DEFAULT_API_VERSION } from './meta-api-versions.ts';
import { adviceFor } from './meta-problems.ts';
import { metaConfig, originOf, type TrackEnv } from './track-conversion.ts';

const TEST_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The site the test event's page is on: SITE_URL, else the first ALLOWED_ORIGINS entry (the
 * site's pages), never the caller's Origin. Null when neither names an http(s) origin.
 */
export function siteOrigin(env: TrackEnv & { SITE_URL?: string | undefined }): string | null {
  const candidates = [env.SITE_URL ?? '', ...(env.ALLOWED_ORIGINS ?? '').split(',')].map((value) => value.trim());
  return candidates.map((value) => (value ? originOf(value) : null)).find((origin) => origin !== null) ?? null;
}

export function testEventHandler(env: TrackEnv & { SITE_URL?: string | undefined }, supabase: SupabaseEnv, deps: UpstreamDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    const admin = await requireAdmin(request, supabase);
    if (!admin.ok) return admin.response;
    const meta = metaConfig(env);
    if (request.method === 'GET') {
      return jsonResponse(
        {
          configured: 'config' in meta,
          missing: 'missing' in meta ? meta.missing : [],
          api_version: 'config' in meta ? meta.config.apiVersion : env.META_API_VERSION?.trim() || DEFAULT_API_VERSION,
          test_event_code_set: Boolean(env.META_TEST_EVENT_CODE?.trim()),
          // A Graph API on this machine is the local fake of `npm run dev` or the tests.
          local_graph: 'config' in meta && /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(meta.config.graphUrl),
        },
        200,
        corsHeaders,
      );
    }
    if (request.method !== 'POST') return errorResponse(405, 'method must be GET or POST', corsHeaders);
    const body = await readJsonBody(request, 4096, corsHeaders);
    if (!body.ok) return body.response;
    if ('missing' in meta) {
      return jsonResponse({ error: `${meta.missing.join(' and ')} not set: set them in the functions' secrets`, missing: meta.missing }, 503, corsHeaders);
    }
    const typed = (body.value as { test_event_code?: unknown } | null)?.test_event_code;
    const code = typeof typed === 'string' && typed.trim() ? typed.trim() : meta.config.testEventCode;
    if (!code) return errorResponse(400, 'a test event code is needed: copy it from Events Manager → Test events', corsHeaders);
    if (!TEST_CODE.test(code)) return errorResponse(400, 'the test event code has letters, digits, - and _ only', corsHeaders);
    const site = siteOrigin(env);
    if (!site) {
      return jsonResponse({ error: 'SITE_URL is not the site’s address (https://…): set it in the functions’ secrets', missing: ['SITE_URL'] }, 503, corsHeaders);
    }
    const ip = clientIpFrom(request.headers, 'x-forwarded-for', Number(env.TRUSTED_PROXY_HOPS?.trim()) || 1);
    const result = await sendEvents(
      [
        {
          event_name: 'Lead',
          event_time: Math.floor(deps.now() / 1000),
          event_id: `test.${crypto.randomUUID()}`,
          action_source: 'website',
          event_source_url: `${site}/thank-you`,
          user_data: { client_user_agent: request.headers.get('user-agent') ?? 'admin test event', ...(ip ? { client_ip_address: ip } : {}) },
          custom_data: { conversion_type: 'lead_form', event_source: 'admin_test' },
        },
      ],
      meta.config,
      deps,
      code,
    );
    if (result.kind === 'delivered') {
      return jsonResponse({ ok: true, events_received: result.eventsReceived, fbtrace_id: result.fbtraceId, test_event_code: code }, 200, corsHeaders);
    }
    return jsonResponse(
      {
        ok: false,
        status: result.status,
        code: result.code,
        message: result.message,
        fbtrace_id: result.fbtraceId,
        test_event_code: code,
        advice: adviceFor(result.code, result.message),
      },
      200,
      corsHeaders,
    );
  };
}
