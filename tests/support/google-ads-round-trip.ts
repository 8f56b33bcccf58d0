/**
 * One round trip to Google Ads with the site's client (supabase/functions/_shared/google-ads.ts),
 * run where the deployed code runs: as a Worker in workerd, and in Deno
 * (tests/integration/google-ads-runtimes.test.ts). POST {env, events} answers what each step gave:
 * the settings, the send of every event, the status read twice, and the send of the last event
 * alone (the test has the fake refuse it).
 */
import { googleAdsConfig, googleTokens, retrieveGoogleRequestStatus, sendGoogleEvents, type GoogleAdsEnv } from '../../supabase/functions/_shared/google-ads.ts';
import type { GoogleAdsEvent } from '../../supabase/functions/_shared/google-ads-event.ts';

export interface RoundTrip {
  env: GoogleAdsEnv;
  events: GoogleAdsEvent[];
}

export async function roundTrip({ env, events }: RoundTrip): Promise<Record<string, unknown>> {
  const parsed = googleAdsConfig(env);
  if (!('config' in parsed)) return { config: parsed };
  const { config } = parsed;
  const deps = { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init), now: () => Date.now() };
  const tokens = googleTokens(config.key, deps);
  const sent = await sendGoogleEvents(events.slice(0, -1), config, tokens, deps);
  const requestId = sent.kind === 'sent' ? sent.requestId : null;
  const statuses = requestId
    ? [await retrieveGoogleRequestStatus(requestId, config, tokens, deps), await retrieveGoogleRequestStatus(requestId, config, tokens, deps)]
    : [];
  const refused = await sendGoogleEvents(events.slice(-1), config, tokens, deps);
  return { sent, statuses, refused };
}

export default {
  async fetch(request: Request): Promise<Response> {
    return Response.json(await roundTrip((await request.json()) as RoundTrip));
  },
};
