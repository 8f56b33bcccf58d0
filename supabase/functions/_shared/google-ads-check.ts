/**
 * `google-ads-check`, for the admin's Conversions tab (admins only):
 * - GET: whether Google Ads is set up (which settings are missing, or what is wrong with one), the
 *   account, the conversion action of each event, the wait before a click's conversion goes;
 * - POST: "Check the Google Ads connection": one event per conversion action sent with
 *   `validateOnly` (Google checks it and keeps nothing), and what Google answered, in words.
 * Runtime-free.
 */
import { requireAdmin, type SupabaseEnv } from './auth.ts';
import type { GoogleAdsEvent } from './google-ads-event.ts';
import { googleAdsFromEnv, type GoogleAdsEnv } from './google-ads-setup.ts';
import { corsHeaders, errorResponse, jsonResponse } from './http.ts';
import type { UpstreamDeps } from './meta-capi.ts';

/** A click id Google reads as well-formed and matches to no click: checked, never counted. */
const CHECK_GCLID = 'Cj0KCQiA-site-connection-check';

export function googleAdsCheckHandler(env: GoogleAdsEnv, supabase: SupabaseEnv, deps: UpstreamDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    const admin = await requireAdmin(request, supabase);
    if (!admin.ok) return admin.response;
    await request.body?.cancel();
    const google = googleAdsFromEnv(env, deps);
    if (request.method === 'GET') {
      if (!('client' in google)) return jsonResponse({ configured: false, ...google }, 200, corsHeaders);
      return jsonResponse(
        {
          configured: true,
          account: google.account,
          actions: google.actions,
          delay_minutes: google.client.delayMinutes,
          service_account: google.serviceAccount,
          // A Data Manager API on this machine is the local fake of `npm run dev` or the tests.
          local_google: /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(google.dataManagerUrl),
        },
        200,
        corsHeaders,
      );
    }
    if (request.method !== 'POST') return errorResponse(405, 'method must be GET or POST', corsHeaders);
    if (!('client' in google)) {
      const error = 'invalid' in google ? google.invalid : `${google.missing.join(', ')} not set: set them in the functions' secrets (docs/google-ads.md)`;
      return jsonResponse({ ok: false, error, ...google }, 503, corsHeaders);
    }
    const now = deps.now();
    const events: GoogleAdsEvent[] = Object.keys(google.actions).map((eventName, index) => ({
      transaction_id: `check.${crypto.randomUUID()}`,
      event_name: eventName as GoogleAdsEvent['event_name'],
      event_time: new Date(now - 60_000).toISOString(),
      click: { kind: 'gclid', id: `${CHECK_GCLID}-${index}` },
      click_time: new Date(now - 24 * 3_600_000).toISOString(),
      ad_personalization: false,
    }));
    const result = await google.client.send(events, { validateOnly: true });
    if (result.kind === 'sent') return jsonResponse({ ok: true, checked: events.map((event) => event.event_name), account: google.account }, 200, corsHeaders);
    const words = result.kind === 'account' ? google.client.problemWords(result) : `Google refused the check: ${result.message}`;
    return jsonResponse({ ok: false, kind: result.kind, reason: result.reason, status: result.status, message: result.message, advice: words }, 200, corsHeaders);
  };
}
