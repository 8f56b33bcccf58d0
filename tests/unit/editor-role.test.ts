// @vitest-environment node
/**
 * The server's role check (supabase/functions/_shared/auth.ts) against the local stand-in's real
 * Auth and user_roles: admin-only by default, a set of roles where a caller asks for one (the
 * content endpoint: admin or editor); and what an editor reaches through the API with unmodified
 * supabase-js: nothing of the admin's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireRole } from '../../supabase/functions/_shared/auth.ts';
import type { Standin } from '../../supabase/local/server.ts';
import { ADMIN, EDITOR, MEMBER, accessTokenOf, signedIn, startTestStandin } from '../support/standin.ts';

let standin: Standin;
beforeAll(async () => {
  // Port 0: any free port, so this file never meets another run's stand-in.
  standin = await startTestStandin(0);
}, 90_000);
afterAll(async () => {
  await standin?.close();
}, 30_000);

const env = () => ({ supabaseUrl: standin.url, anonKey: standin.config.anonKey });
const request = (token?: string) => new Request('https://site.test/api/content', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} });
const userIdOf = async (email: string) => (await standin.db.query<{ id: string }>('select id from auth.users where email = $1', [email])).rows[0]!.id;

/** The check's answer: the caller and role it found, or the status and error it refused with. */
async function answer(check: Awaited<ReturnType<typeof requireRole>>) {
  return check.ok ? { userId: check.userId, email: check.email, role: check.role } : { status: check.response.status, body: await check.response.json() };
}

describe('requireRole', () => {
  it('asks for admin by default: the admin passes, an editor and a member get 403, no session 401', async () => {
    expect(await answer(await requireRole(request(await accessTokenOf(standin, ADMIN)), env()))).toEqual({
      userId: await userIdOf(ADMIN.email),
      email: ADMIN.email,
      role: 'admin',
    });
    for (const user of [EDITOR, MEMBER]) {
      expect(await answer(await requireRole(request(await accessTokenOf(standin, user)), env())), user.email).toEqual({
        status: 403,
        body: { error: 'the admin role is required' },
      });
    }
    expect(await answer(await requireRole(request(), env()))).toMatchObject({ status: 401 });
    expect(await answer(await requireRole(request('not-a-session'), env()))).toEqual({ status: 401, body: { error: 'the session is invalid or has expired' } });
  });

  it('asked for admin or editor (the content endpoint): both pass, each with her role and e-mail; a member gets 403 naming both', async () => {
    const roles = ['admin', 'editor'] as const;
    expect(await answer(await requireRole(request(await accessTokenOf(standin, EDITOR)), env(), roles))).toEqual({
      userId: await userIdOf(EDITOR.email),
      email: EDITOR.email,
      role: 'editor',
    });
    expect(await answer(await requireRole(request(await accessTokenOf(standin, ADMIN)), env(), roles))).toMatchObject({ role: 'admin' });
    expect(await answer(await requireRole(request(await accessTokenOf(standin, MEMBER)), env(), roles))).toEqual({
      status: 403,
      body: { error: 'the admin or editor role is required' },
    });
  });

  it('a user holding both roles is an admin, who reaches what an editor reaches', async () => {
    const adminId = await userIdOf(ADMIN.email);
    await standin.db.query(`insert into public.user_roles (user_id, role) values ($1, 'editor')`, [adminId]);
    try {
      const token = await accessTokenOf(standin, ADMIN);
      expect(await answer(await requireRole(request(token), env()))).toMatchObject({ role: 'admin' });
      expect(await answer(await requireRole(request(token), env(), ['admin', 'editor']))).toMatchObject({ role: 'admin' });
      expect(await answer(await requireRole(request(token), env(), ['editor']))).toMatchObject({ role: 'admin' });
    } finally {
      await standin.db.query(`delete from public.user_roles where user_id = $1 and role = 'editor'`, [adminId]);
    }
  });

  it('answers 502 when Supabase cannot be asked, and the CORS headers it is given', async () => {
    const down = { ...env(), fetch: (async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch };
    const check = await requireRole(request('token'), down, ['admin', 'editor'], { 'x-answer': 'content' });
    expect(await answer(check)).toEqual({ status: 502, body: { error: 'could not verify the caller with Supabase' } });
    expect(check.ok || check.response.headers.get('x-answer')).toBe('content');
  });
});

describe('what an editor reaches through the API: nothing of the admin’s', () => {
  it('conversions-test-event answers her 403, reading and sending alike', async () => {
    const editor = await signedIn(standin, EDITOR.email, EDITOR.password);
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { test_event_code: 'TEST1' }],
    ] as const) {
      const { response } = await editor.functions.invoke('conversions-test-event', { method, ...(body ? { body } : {}) });
      expect(response?.status, method).toBe(403);
      expect(await response?.json()).toEqual({ error: 'the admin role is required' });
    }
  });

  it('the ledger over REST: no row, no report, no export, no retry, no delivery status', async () => {
    const editor = await signedIn(standin, EDITOR.email, EDITOR.password);
    expect(await editor.from('conversions').select('event_id')).toMatchObject({ data: [], error: null });
    expect(await editor.from('conversion_delivery_status').select('paused')).toMatchObject({ data: [], error: null });
    for (const [name, args] of [
      ['conversion_report', { p_days: 7 }],
      ['conversion_rows', { p_days: 7 }],
      ['retry_failed_conversions', {}],
    ] as const) {
      const { data, error } = await editor.rpc(name, args);
      expect(data, name).toBeNull();
      expect(error, name).toMatchObject({ code: '42501', message: expect.stringMatching(/^only admins /) });
    }
    const { error } = await editor.rpc('claim_conversions', { p_limit: 10 });
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for function claim_conversions' });
  });
});
