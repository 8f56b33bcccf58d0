/**
 * An admin's own visit (supabase/functions/_shared/admin-visit.ts): which bearer tokens are worth
 * asking Supabase about, the two questions asked (Auth's user, has_role with the service role),
 * every other answer counting as a visitor's; and the endpoint recording such a visit apart
 * (ledgerRow, handleTrackConversion).
 */
import { describe, expect, it } from 'vitest';
import { adminVisitCheck, adminVisitFromEnv, userTokenOf } from '../../supabase/functions/_shared/admin-visit';
import { ledgerRow } from '../../supabase/functions/_shared/conversion-ledger';
import type { ServerEvent } from '../../supabase/functions/_shared/conversion-event';
import type { UpstreamDeps } from '../../supabase/functions/_shared/meta-capi';
import { handleTrackConversion } from '../../supabase/functions/_shared/track-conversion';
import { FixedWindowLimiter } from '../../supabase/functions/_shared/track-guards';
import { MemoryLedger } from '../support/memory-ledger';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object) => `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.${part({ signature: true })}`;
const USER_TOKEN = jwt({ role: 'authenticated', sub: '3f0c0b0e-0000-4000-8000-000000000001', aud: 'authenticated' });
const ANON_KEY = jwt({ role: 'anon', iss: 'supabase' });
const SERVICE_KEY = jwt({ role: 'service_role', iss: 'supabase' });
const withBearer = (token: string | null) => new Headers(token ? { authorization: `Bearer ${token}` } : {});

describe('userTokenOf', () => {
  it('takes a bearer JWT for the authenticated role with a subject', () => {
    expect(userTokenOf(withBearer(USER_TOKEN))).toBe(USER_TOKEN);
    expect(userTokenOf(new Headers({ authorization: `bearer ${USER_TOKEN}` }))).toBe(USER_TOKEN);
  });

  it('leaves the project keys every visitor’s request carries, and anything that is not such a token', () => {
    for (const token of [
      null,
      ANON_KEY,
      SERVICE_KEY,
      'sb_publishable_abc123',
      jwt({ role: 'authenticated' }),
      jwt({ role: 'authenticated', sub: '' }),
      'not.a.jwt',
      `${part({ alg: 'HS256' })}.%%%.x`,
      jwt({ role: 'authenticated', sub: 'x', pad: 'x'.repeat(9000) }),
    ]) {
      expect(userTokenOf(withBearer(token)), String(token).slice(0, 40)).toBeNull();
    }
    expect(userTokenOf(new Headers({ authorization: USER_TOKEN }))).toBeNull();
  });
});

type Answer = Response | 'network' | 'hang';

/** Supabase as a recording fetch: `/auth/v1/user` and `/rest/v1/rpc/has_role` answered in turn. */
function supabase(user: Answer, role: Answer = new Response('true')) {
  const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetch = async (input: string, init: RequestInit) => {
    calls.push({ url: input, headers: Object.fromEntries(new Headers(init.headers)), body: init.body ? JSON.parse(String(init.body)) : null });
    const answer = input.endsWith('/auth/v1/user') ? user : role;
    if (answer === 'network') throw new TypeError('fetch failed');
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    }
    return answer;
  };
  return { fetch, calls };
}
const userAnswer = () => Response.json({ id: 'admin-id', email: 'admin@example.com' });
const request = (token: string | null) => new Request('https://site.test/api/track-conversion', { method: 'POST', headers: withBearer(token) });

describe('adminVisitCheck', () => {
  it('asks Auth whose the token is, then has_role(user, admin) with the service role', async () => {
    const { fetch, calls } = supabase(userAnswer());
    expect(await adminVisitCheck({ url: 'https://project.test/', serviceKey: SERVICE_KEY, fetch })(request(USER_TOKEN))).toBe(true);
    expect(calls).toEqual([
      { url: 'https://project.test/auth/v1/user', headers: { apikey: SERVICE_KEY, authorization: `Bearer ${USER_TOKEN}` }, body: null },
      {
        url: 'https://project.test/rest/v1/rpc/has_role',
        headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json', accept: 'application/json' },
        body: { _user_id: 'admin-id', _role: 'admin' },
      },
    ]);
  });

  it('asks nothing for a visitor: no token, or the anon key', async () => {
    const { fetch, calls } = supabase(userAnswer());
    const check = adminVisitCheck({ url: 'https://project.test', serviceKey: SERVICE_KEY, fetch });
    expect(await check(request(null))).toBe(false);
    expect(await check(request(ANON_KEY))).toBe(false);
    expect(calls).toEqual([]);
  });

  it('a visitor’s conversion whenever the answer is not “an admin”: Auth refuses the token, a member, an odd answer, no answer, too slow', async () => {
    const cases: [Answer, Answer][] = [
      [Response.json({ code: 403, msg: 'invalid JWT' }, { status: 403 }), new Response('true')],
      [userAnswer(), new Response('false')],
      [userAnswer(), Response.json({ code: '42501' }, { status: 401 })],
      [Response.json({ email: 'no id' }), new Response('true')],
      [userAnswer(), new Response('"true"')],
      ['network', new Response('true')],
      [userAnswer(), 'network'],
      ['hang', new Response('true')],
    ];
    for (const [user, role] of cases) {
      const { fetch } = supabase(user, role);
      expect(await adminVisitCheck({ url: 'https://project.test', serviceKey: SERVICE_KEY, fetch, timeoutMs: 50 })(request(USER_TOKEN))).toBe(false);
    }
  });

  it('comes from the ledger’s two settings; none without them', () => {
    expect(adminVisitFromEnv({ SUPABASE_URL: 'https://project.test' })).toBeUndefined();
    expect(adminVisitFromEnv({ SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY })).toBeUndefined();
    expect(adminVisitFromEnv({ SUPABASE_URL: 'https://project.test', SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY })).toBeTypeOf('function');
  });
});

const NOW_MS = 1_700_000_000_000;
const SITE = 'https://kaylareyes.coach';
const consented: ServerEvent & { event_id: string } = {
  event_name: 'Lead',
  event_id: 'lead.12345678',
  event_time: NOW_MS / 1000 - 10,
  event_source_url: `${SITE}/thank-you`,
  action_source: 'website',
  user_data: { client_user_agent: 'UA', client_ip_address: '198.51.100.9', fbc: 'fb.1.1.F' },
  custom_data: { conversion_type: 'lead_form', utm_source: 'ig', referrer: 'https://l.instagram.com/' },
} as ServerEvent & { event_id: string };

describe('an own visit in the ledger', () => {
  it('ledgerRow: the state admin_visit and nothing for Meta, whatever the consent and the settings', () => {
    for (const [isConsented, configured] of [
      [true, true],
      [true, false],
      [false, true],
    ] as const) {
      expect(ledgerRow(consented, 'pages', isConsented, configured, true)).toMatchObject({
        state: 'admin_visit',
        admin_visit: true,
        meta_event: null,
        consented: isConsented,
      });
    }
    expect(ledgerRow(consented, 'pages', true, true)).toMatchObject({ state: 'pending', admin_visit: false, meta_event: consented });
  });

  it('handleTrackConversion: an admin’s conversion is recorded (202) and never sent; a visitor’s is sent', async () => {
    for (const isAdmin of [true, false]) {
      const ledger = new MemoryLedger(() => NOW_MS);
      const graph: string[] = [];
      const pending: Promise<unknown>[] = [];
      const deps: UpstreamDeps = {
        fetch: async (input) => {
          graph.push(String(input));
          return Response.json({ events_received: 1 });
        },
        now: () => NOW_MS,
        random: () => 1,
        log: () => undefined,
      };
      const asked: Request[] = [];
      const body = { ...consented, ads_consent: 'granted', user_data: { client_user_agent: 'UA' } };
      const response = await handleTrackConversion(
        new Request(`${SITE}/api/track-conversion`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SITE, authorization: `Bearer ${USER_TOKEN}` },
          body: JSON.stringify(body),
        }),
        { META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'secret', META_GRAPH_URL: 'http://graph.test', ALLOWED_ORIGINS: SITE },
        deps,
        {
          cors: false,
          endpoint: 'pages',
          clientIpSource: 'cf-connecting-ip',
          rateLimiter: new FixedWindowLimiter(30, 60_000),
          ledger,
          background: (work) => pending.push(work),
          adminVisit: async (seen) => (asked.push(seen), isAdmin),
        },
      );
      await Promise.all(pending);
      expect(response.status).toBe(202);
      expect(asked).toHaveLength(1);
      expect(ledger.rows.get('lead.12345678')).toMatchObject(
        isAdmin ? { state: 'admin_visit', admin_visit: true, meta_event: null } : { state: 'delivered', admin_visit: false },
      );
      expect(graph).toHaveLength(isAdmin ? 0 : 1);
    }
  });
});
