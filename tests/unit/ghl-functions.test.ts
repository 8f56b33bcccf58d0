// @vitest-environment node
/** The GoHighLevel functions through the stand-in's /functions/v1 with a fake GoHighLevel on 127.0.0.1. */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GHL_FUNCTIONS,
  type GhlEnv,
  ghlHandler,
  isLocalUpstream,
  parseAvailability,
  parseCalendarDetails,
  parseListCalendars,
  upstreamUrl,
} from '../../supabase/functions/_shared/ghl.ts';
import { functionRegistry } from '../../supabase/local/functions.ts';
import type { Standin } from '../../supabase/local/server.ts';
import { ADMIN, EDITOR, MEMBER, client, signedIn, startTestStandin } from '../support/standin.ts';

const TOKEN = 'pit-test-token-never-echoed';
const FAKE_PORT = 4810;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let fake: Server;
let standin: Standin;

beforeAll(async () => {
  fake = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.statusCode = 401;
      res.end(JSON.stringify({ statusCode: 401, message: 'Invalid token: access token is invalid', error: 'Unauthorized' }));
    } else if (url.pathname === '/calendars/') {
      res.end(JSON.stringify({ calendars: [{ id: 'cal1', name: 'Consult', locationId: url.searchParams.get('locationId') }] }));
    } else if (url.pathname === '/calendars/cal1') {
      res.end(JSON.stringify({ calendar: { id: 'cal1', teamMembers: [{ userId: 'u1' }, { userId: 'u2' }] } }));
    } else if (url.pathname === '/calendars/missing') {
      res.statusCode = 404;
      res.end(JSON.stringify({ statusCode: 404, message: 'Calendar not found' }));
    } else {
      res.end(JSON.stringify({ '2026-11-23': { slots: ['2026-11-23T10:00:00-06:00'] }, traceId: 't' }));
    }
  });
  await new Promise<void>((resolve) => fake.listen(FAKE_PORT, '127.0.0.1', resolve));
  standin = await startTestStandin(4823, { ghlApiBase: `http://127.0.0.1:${FAKE_PORT}`, ghlApiToken: TOKEN });
}, 90_000);
afterAll(async () => {
  await standin?.close();
  await new Promise((resolve) => fake?.close(resolve));
}, 30_000);

const day = { startDate: Date.UTC(2026, 10, 23), endDate: Date.UTC(2026, 10, 23, 23, 59, 59, 999) };
const availability = { calendarId: 'cal1', ...day, timezone: 'America/Chicago', apiVersion: '2021-04-15' };

describe('body validation (pure)', () => {
  const env = { supabaseUrl: '', anonKey: '', ghlApiBase: 'https://ghl.example', ghlApiToken: 't' };

  it('builds both userIds encodings', () => {
    const comma = parseAvailability({ ...availability, parameterEncoding: 'comma-separated', userIds: ['a', 'b'] });
    const multi = parseAvailability({ ...availability, parameterEncoding: 'multiple-params', userIds: ['a', 'b'] });
    if (!comma.ok || !multi.ok) throw new Error('expected valid bodies');
    expect(new URL(upstreamUrl(env.ghlApiBase, comma.request)).search).toBe(
      `?startDate=${day.startDate}&endDate=${day.endDate}&timezone=America%2FChicago&userIds=a%2Cb`,
    );
    expect(new URL(upstreamUrl(env.ghlApiBase, multi.request)).search).toBe(
      `?startDate=${day.startDate}&endDate=${day.endDate}&timezone=America%2FChicago&userIds=a&userIds=b`,
    );
  });

  it('names what is wrong', () => {
    expect(parseAvailability({ ...availability, parameterEncoding: 'csv' })).toEqual({
      ok: false,
      error: 'parameterEncoding must be "comma-separated" or "multiple-params"',
    });
    expect(parseAvailability({ ...availability, parameterEncoding: 'comma-separated', endDate: day.startDate })).toMatchObject({
      error: 'endDate must be epoch milliseconds after startDate',
    });
    expect(parseAvailability({ ...availability, parameterEncoding: 'comma-separated', timezone: 'Mars/Base' })).toMatchObject({ ok: false });
    expect(parseAvailability({ ...availability, parameterEncoding: 'comma-separated', endDate: day.startDate + 40 * 86_400_000 })).toMatchObject({
      error: 'the range from startDate to endDate must be at most 31 days',
    });
    expect(parseCalendarDetails({ apiVersion: '2021-04-15' })).toMatchObject({ error: "calendarId is required: letters, digits, '-' or '_'" });
    expect(parseListCalendars({ apiVersion: '2021-04-15' }, env)).toMatchObject({ error: 'locationId is required (in the body or as GHL_LOCATION_ID on the server)' });
    expect(parseListCalendars({ apiVersion: 'v2', locationId: 'loc' }, env)).toMatchObject({ error: 'apiVersion is required, e.g. "2021-04-15"' });
    expect(parseListCalendars([], env)).toEqual({ ok: false, error: 'body must be a JSON object' });
  });
});

describe('functions through /functions/v1', () => {
  it('lists calendars for an admin with the token and Version header upstream', async () => {
    const supabase = await signedIn(standin, ADMIN.email, ADMIN.password);
    const { data, error, response } = await supabase.functions.invoke('ghl-list-calendars', { body: { locationId: 'loc1', apiVersion: '2021-04-15' } });
    expect(error).toBeNull();
    expect(data).toEqual({ calendars: [{ id: 'cal1', name: 'Consult', locationId: 'loc1' }] });
    expect(response?.headers.get('access-control-allow-origin')).toBe('*');
    const call = seen.at(-1)!;
    expect(call.url).toBe('/calendars/?locationId=loc1');
    expect(call.headers.version).toBe('2021-04-15');
    expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.stringify(data)).not.toContain(TOKEN);
  });

  it('reads calendar details and passes upstream errors through with their status', async () => {
    const supabase = await signedIn(standin, ADMIN.email, ADMIN.password);
    const details = await supabase.functions.invoke('ghl-calendar-details', { body: { calendarId: 'cal1', apiVersion: '2021-04-15' } });
    expect(details.data.calendar.teamMembers).toHaveLength(2);
    const missing = await supabase.functions.invoke('ghl-calendar-details', { body: { calendarId: 'missing', apiVersion: '2021-04-15' } });
    expect(missing.error).toBeInstanceOf(FunctionsHttpError);
    expect(missing.response?.status).toBe(404);
    expect(await missing.response?.json()).toEqual({ statusCode: 404, message: 'Calendar not found' });
  });

  it('sends both userIds encodings upstream', async () => {
    const supabase = await signedIn(standin, ADMIN.email, ADMIN.password);
    for (const parameterEncoding of ['comma-separated', 'multiple-params'] as const) {
      const { data, error } = await supabase.functions.invoke('ghl-calendar-availability', { body: { ...availability, parameterEncoding, userIds: ['u1', 'u2'] } });
      expect(error).toBeNull();
      expect(data['2026-11-23'].slots).toHaveLength(1);
    }
    const [comma, multi] = seen.slice(-2).map((call) => new URL(call.url, 'http://x').searchParams.getAll('userIds'));
    expect(comma).toEqual(['u1,u2']);
    expect(multi).toEqual(['u1', 'u2']);
  });

  it('answers 400 with a clear message for a bad body', async () => {
    const supabase = await signedIn(standin, ADMIN.email, ADMIN.password);
    const { error, response } = await supabase.functions.invoke('ghl-calendar-availability', { body: { ...availability, parameterEncoding: 'nope' } });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(response?.status).toBe(400);
    expect(await response?.json()).toEqual({ error: 'parameterEncoding must be "comma-separated" or "multiple-params"' });
  });

  it('answers 403 to a signed-in member and 401 without a session', async () => {
    const calls = seen.length;
    const member = await signedIn(standin, MEMBER.email, MEMBER.password);
    const denied = await member.functions.invoke('ghl-list-calendars', { body: { locationId: 'loc1', apiVersion: '2021-04-15' } });
    expect(denied.response?.status).toBe(403);
    expect(await denied.response?.json()).toEqual({ error: 'the admin role is required' });
    const anon = await client(standin).functions.invoke('ghl-list-calendars', { body: { locationId: 'loc1', apiVersion: '2021-04-15' } });
    expect(anon.response?.status).toBe(401);
    const bare = await fetch(`${standin.url}/functions/v1/ghl-list-calendars`, { method: 'POST', body: '{}' });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    expect(seen.length).toBe(calls);
  });

  it('answers 403 to a signed-in editor: the content editor’s role reaches no calendar function', async () => {
    const calls = seen.length;
    const editor = await signedIn(standin, EDITOR.email, EDITOR.password);
    for (const name of GHL_FUNCTIONS) {
      const denied = await editor.functions.invoke(name, { body: { ...availability, locationId: 'loc1' } });
      expect(denied.response?.status, name).toBe(403);
      expect(await denied.response?.json()).toEqual({ error: 'the admin role is required' });
    }
    expect((await editor.functions.invoke('ghl-list-calendars', { method: 'GET' })).response?.status).toBe(403);
    expect(seen.length).toBe(calls);
  });

  it('answers CORS preflight with 200 and the function headers', async () => {
    const response = await fetch(`${standin.url}/functions/v1/ghl-calendar-details`, { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, x-client-info, apikey, content-type, x-retry-count');
  });

  it('never echoes the token when GoHighLevel refuses it', async () => {
    standin.config.ghlApiToken = 'wrong-token';
    try {
      const supabase = await signedIn(standin, ADMIN.email, ADMIN.password);
      const { response } = await supabase.functions.invoke('ghl-list-calendars', { body: { locationId: 'loc1', apiVersion: '2021-04-15' } });
      expect(response?.status).toBe(401);
      expect(await response?.text()).not.toContain('wrong-token');
    } finally {
      standin.config.ghlApiToken = TOKEN;
    }
  });
});

describe('a server without its GoHighLevel settings (the Edge Function and the stand-in alike)', () => {
  /** The Edge Function's handler as Deno serves it, its Supabase answering for an admin or a member. */
  function edgeFunction(settings: Partial<GhlEnv>, role: 'admin' | 'member' = 'admin') {
    const calls: string[] = [];
    const env: GhlEnv = {
      supabaseUrl: 'https://project.supabase.test',
      anonKey: 'anon',
      ghlApiBase: 'https://services.leadconnectorhq.com',
      ghlApiToken: '',
      ...settings,
      fetch: (async (input: string | URL | Request) => {
        const url = String(input);
        calls.push(url);
        if (url.endsWith('/auth/v1/user')) return Response.json({ id: 'user-1' });
        if (url.includes('/rest/v1/user_roles')) return Response.json(role === 'admin' ? [{ role: 'admin' }] : []);
        return Response.json({ calendars: [] });
      }) as typeof fetch,
    };
    const post = (body: unknown) =>
      ghlHandler(
        'ghl-list-calendars',
        env,
      )(
        new Request('https://project.supabase.test/functions/v1/ghl-list-calendars', {
          method: 'POST',
          headers: { authorization: 'Bearer session', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    return { post, calls };
  }

  it('the Edge Function answers 503 naming GHL_API_TOKEN, whatever the body, and calls nothing upstream', async () => {
    const { post, calls } = edgeFunction({ ghlApiToken: '' });
    for (const body of [{ locationId: 'loc1', apiVersion: '2021-04-15' }, { apiVersion: 'nope' }]) {
      const response = await post(body);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: 'GoHighLevel is not configured on this server: set GHL_API_TOKEN', missing: ['GHL_API_TOKEN'] });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect(calls.filter((url) => !url.startsWith('https://project.supabase.test/'))).toEqual([]);
    const bothMissing = await edgeFunction({ ghlApiToken: '', ghlApiBase: '' }).post({ locationId: 'loc1', apiVersion: '2021-04-15' });
    expect(await bothMissing.json()).toMatchObject({ missing: ['GHL_API_BASE', 'GHL_API_TOKEN'] });
  });

  it('tells only an admin: a member still gets 403', async () => {
    const response = await edgeFunction({ ghlApiToken: '' }, 'member').post({ locationId: 'loc1', apiVersion: '2021-04-15' });
    expect(response.status).toBe(403);
  });

  it('the stand-in answers the same 503 through /functions/v1', async () => {
    const calls = seen.length;
    standin.config.ghlApiToken = '';
    try {
      const supabase = await signedIn(standin, ADMIN.email, ADMIN.password);
      const { error, response } = await supabase.functions.invoke('ghl-calendar-details', { body: { calendarId: 'cal1', apiVersion: '2021-04-15' } });
      expect(error).toBeInstanceOf(FunctionsHttpError);
      expect(response?.status).toBe(503);
      expect(await response?.json()).toEqual({ error: 'GoHighLevel is not configured on this server: set GHL_API_TOKEN', missing: ['GHL_API_TOKEN'] });
    } finally {
      standin.config.ghlApiToken = TOKEN;
    }
    expect(seen.length).toBe(calls);
  });
});

describe('the local fake GoHighLevel is labelled', () => {
  it('knows an upstream on this machine from the real service', () => {
    for (const base of ['http://127.0.0.1:54330', 'http://localhost:9', 'http://[::1]:80', 'http://127.1.2.3']) expect(isLocalUpstream(base)).toBe(true);
    for (const base of ['https://services.leadconnectorhq.com', 'http://127.0.0.1.example.com', 'not a url', '']) expect(isLocalUpstream(base)).toBe(false);
  });

  it('answers from a fake on 127.0.0.1 carry x-ghl-upstream: local-fake, readable by the site’s page', async () => {
    const session = await signedIn(standin, ADMIN.email, ADMIN.password);
    const token = (await session.auth.getSession()).data.session!.access_token;
    const response = await fetch(`${standin.url}/functions/v1/ghl-list-calendars`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, apikey: standin.config.anonKey, 'content-type': 'application/json', origin: 'http://127.0.0.1:4601' },
      body: JSON.stringify({ locationId: 'loc1', apiVersion: '2021-04-15' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ghl-upstream')).toBe('local-fake');
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4601');
    expect(response.headers.get('access-control-expose-headers')?.split(/,\s*/)).toContain('x-ghl-upstream');
  });

  it('answers from the real service carry no label', async () => {
    const env = { supabaseUrl: 'https://p.test', anonKey: 'a', ghlApiBase: 'https://services.leadconnectorhq.com', ghlApiToken: 't' };
    const response = await ghlHandler('ghl-list-calendars', {
      ...env,
      fetch: (async (input: string | URL | Request) =>
        String(input).includes('/rest/v1/')
          ? Response.json([{ role: 'admin' }])
          : Response.json(String(input).endsWith('/user') ? { id: 'u' } : { calendars: [] })) as typeof fetch,
    })(
      new Request('https://p.test/functions/v1/ghl-list-calendars', {
        method: 'POST',
        headers: { authorization: 'Bearer s', 'content-type': 'application/json' },
        body: '{"locationId":"l","apiVersion":"2021-04-15"}',
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ghl-upstream')).toBeNull();
  });
});

describe("the server's GoHighLevel location, for the calendar debugger (GET ghl-list-calendars)", () => {
  const get = async (handler: (request: Request) => Promise<Response>, token: string) =>
    handler(
      new Request(`${standin.url}/functions/v1/ghl-list-calendars`, { method: 'GET', headers: { authorization: `Bearer ${token}`, apikey: standin.config.anonKey } }),
    );
  const tokenOf = async (email: string, password: string) => (await (await signedIn(standin, email, password)).auth.getSession()).data.session!.access_token;

  it('tells an admin the GHL_LOCATION_ID the server uses, never the token, and calls nothing upstream', async () => {
    const calls = seen.length;
    const handler = functionRegistry(standin.config, { GHL_LOCATION_ID: 'loc-server' }).get('ghl-list-calendars')!;
    const response = await get(handler, await tokenOf(ADMIN.email, ADMIN.password));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ locationId: 'loc-server' });
    expect(text).not.toContain(TOKEN);
    // The fake is on 127.0.0.1: the debugger can say so before running anything.
    expect(response.headers.get('x-ghl-upstream')).toBe('local-fake');
    expect(seen.length).toBe(calls);
  });

  it('says null through /functions/v1 when the server has none; a member gets 403, no session 401', async () => {
    const admin = await signedIn(standin, ADMIN.email, ADMIN.password);
    const { data, error } = await admin.functions.invoke('ghl-list-calendars', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toEqual({ locationId: null });
    const member = await signedIn(standin, MEMBER.email, MEMBER.password);
    expect((await member.functions.invoke('ghl-list-calendars', { method: 'GET' })).response?.status).toBe(403);
    expect((await client(standin).functions.invoke('ghl-list-calendars', { method: 'GET' })).response?.status).toBe(401);
  });

  it('answers even before the token is set (the location is a setting of its own); the other functions take POST only', async () => {
    const handler = functionRegistry({ ...standin.config, ghlApiToken: '' }, { GHL_LOCATION_ID: 'loc-server' });
    const token = await tokenOf(ADMIN.email, ADMIN.password);
    expect(await (await get(handler.get('ghl-list-calendars')!, token)).json()).toEqual({ locationId: 'loc-server' });
    const details = await get(handler.get('ghl-calendar-details')!, token);
    expect(details.status).toBe(405);
    expect(details.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
