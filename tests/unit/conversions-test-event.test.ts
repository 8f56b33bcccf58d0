import { describe, expect, it } from 'vitest';
import { testEventHandler } from '../../supabase/functions/_shared/conversions-test-event';
import type { UpstreamDeps } from '../../supabase/functions/_shared/meta-capi';

const META = { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'secret', META_GRAPH_URL: 'http://graph.test' };

/** An admin's session, as Supabase Auth and user_roles would answer it. */
const supabase = {
  supabaseUrl: 'http://supabase.test',
  anonKey: 'anon',
  fetch: (async (input: string | URL | Request) =>
    String(input).includes('/auth/v1/user') ? Response.json({ id: 'admin-1' }) : Response.json([{ role: 'admin' }])) as typeof fetch,
};

/** Sends one test event from a caller whose Origin is another site; returns the answer and the URL Meta got. */
async function sendFrom(env: Record<string, string>) {
  const sent: { data: { event_source_url: string }[] }[] = [];
  const deps: UpstreamDeps = {
    fetch: async (_url, init) => (sent.push(JSON.parse(String(init?.body))), Response.json({ events_received: 1, fbtrace_id: 'T' })),
    now: () => 1_700_000_000_000,
    random: Math.random,
    log: () => undefined,
  };
  const request = new Request('http://supabase.test/functions/v1/conversions-test-event', {
    method: 'POST',
    headers: { authorization: 'Bearer token', 'content-type': 'application/json', origin: 'https://evil.test' },
    body: JSON.stringify({ test_event_code: 'TEST1' }),
  });
  const response = await testEventHandler({ ...META, ...env }, supabase, deps)(request);
  return { status: response.status, body: await response.json(), url: sent[0]?.data[0]?.event_source_url };
}

describe('the test event’s page URL', () => {
  it('is on SITE_URL, never on the caller’s Origin', async () => {
    expect(await sendFrom({ SITE_URL: 'https://kaylareyes.coach/' })).toMatchObject({ status: 200, url: 'https://kaylareyes.coach/thank-you' });
  });

  it('is on the first ALLOWED_ORIGINS entry when SITE_URL is unset', async () => {
    expect(await sendFrom({ ALLOWED_ORIGINS: 'https://kaylareyes.coach, https://www.kaylareyes.coach' })).toMatchObject({
      status: 200,
      url: 'https://kaylareyes.coach/thank-you',
    });
  });

  it('without either, nothing is sent and the answer names SITE_URL', async () => {
    expect(await sendFrom({ SITE_URL: 'not a url' })).toEqual({
      status: 503,
      body: { error: 'SITE_URL is not the site’s address (https://…): set it in the functions’ secrets', missing: ['SITE_URL'] },
      url: undefined,
    });
  });
});
