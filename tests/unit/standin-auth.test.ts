// @vitest-environment node
/** Unmodified supabase-js against the local stand-in: the auth and REST calls the site makes. */
import { AuthApiError, AuthWeakPasswordError, isAuthApiError } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ORIGIN } from '../../src/lib/dev-origin.ts';
import type { Standin } from '../../supabase/local/server.ts';
import { ADMIN, MEMBER, client, signedIn, startTestStandin } from '../support/standin.ts';

let standin: Standin;
beforeAll(async () => {
  standin = await startTestStandin(4821);
}, 90_000);
afterAll(async () => {
  await standin?.close();
}, 30_000);

const lastLinkTo = (email: string) => standin.outbox.mails.filter((mail) => mail.to === email).at(-1)?.link;

describe('sign in (POST /token?grant_type=password)', () => {
  it('returns a bearer session with Supabase claims for the seeded admin', async () => {
    const { data, error } = await client(standin).auth.signInWithPassword(ADMIN);
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.user.email).toBe(ADMIN.email);
    expect(session.user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({ sub: session.user.id, aud: 'authenticated', role: 'authenticated', aal: 'aal1', email: ADMIN.email, is_anonymous: false });
    expect(claims.iss).toBe(`${standin.url}/auth/v1`);
    expect(typeof claims.session_id).toBe('string');
  });

  it('answers a wrong password with invalid_credentials (400)', async () => {
    const { data, error } = await client(standin).auth.signInWithPassword({ email: ADMIN.email, password: 'wrong-password' });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('answers an unknown e-mail the same way', async () => {
    const { error } = await client(standin).auth.signInWithPassword({ email: 'nobody@example.com', password: 'whatever' });
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('echoes X-Supabase-Api-Version, sets x-sb-error-code and exposes both over CORS', async () => {
    const response = await fetch(`${standin.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: standin.config.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', origin: DEV_ORIGIN },
      body: JSON.stringify({ email: ADMIN.email, password: 'nope' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/);
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    const legacy = await fetch(`${standin.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: standin.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: 'nope' }),
    });
    expect(await legacy.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('answers a request without an API key with 401 like the gateway', async () => {
    const response = await fetch(`${standin.url}/auth/v1/user`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'No API key found in request' });
  });

  it('answers preflight requests with the requested headers allowed', async () => {
    const response = await fetch(`${standin.url}/auth/v1/token`, {
      method: 'OPTIONS',
      headers: { origin: DEV_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, x-supabase-api-version' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(DEV_ORIGIN);
    expect(response.headers.get('vary')).toBe('Origin');
    expect(response.headers.get('access-control-allow-headers')).toBe('apikey, x-supabase-api-version');
  });
});

describe('sign up with confirmation (POST /signup, /resend, GET /verify)', () => {
  const email = `new-${Date.now()}@example.com`;
  /** When the stand-in sent the confirmation mail: the resend limit counts from there. */
  let confirmationSentAt = 0;

  it('returns the bare user (no session) and mails a confirmation link', async () => {
    const { data, error } = await client(standin).auth.signUp({ email, password: 'secret-123', options: { emailRedirectTo: 'http://127.0.0.1:4503/auth' } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    confirmationSentAt = Date.parse(data.user!.confirmation_sent_at!);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(lastLinkTo(email)).toMatch(new RegExp(`^${standin.url}/auth/v1/verify\\?token=[0-9a-f]+&type=signup&redirect_to=http%3A%2F%2F127.0.0.1%3A4503%2Fauth$`));
  });

  it('refuses to sign in before confirmation with email_not_confirmed', async () => {
    const { error } = await client(standin).auth.signInWithPassword({ email, password: 'secret-123' });
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
    const wrong = await client(standin).auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
  });

  it('limits resends with a 429 that names the seconds left', async () => {
    const { error } = await client(standin).auth.resend({ type: 'signup', email });
    expect(isAuthApiError(error)).toBe(true);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
    // The seconds left of the 60-second window, however long the tests before took (a busy machine).
    const left = Number(/^For security purposes, you can only request this after (\d+) seconds\.$/.exec(error?.message ?? '')?.[1]);
    const elapsed = (Date.now() - confirmationSentAt) / 1000;
    expect(left).toBeLessThanOrEqual(60);
    expect(left).toBeGreaterThanOrEqual(Math.floor(60 - elapsed) - 1);
  });

  it('resends once the frequency window has passed, and answers {} for unknown addresses', async () => {
    const before = standin.outbox.mails.length;
    standin.config.emailMaxFrequency = 0;
    try {
      const { data, error } = await client(standin).auth.resend({ type: 'signup', email, options: { emailRedirectTo: 'http://127.0.0.1:4503/auth' } });
      expect(error).toBeNull();
      expect(data).toEqual({ user: null, session: null });
      expect(standin.outbox.mails.length).toBe(before + 1);
      const unknown = await client(standin).auth.resend({ type: 'signup', email: 'unknown@example.com' });
      expect(unknown.error).toBeNull();
      expect(standin.outbox.mails.length).toBe(before + 1);
    } finally {
      standin.config.emailMaxFrequency = 60;
    }
  });

  it('confirms through the link with a 303 carrying the session fragment', async () => {
    const response = await fetch(lastLinkTo(email)!, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:4503/auth');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect([...fragment.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']);
    expect(fragment.get('type')).toBe('signup');
    expect(decodeJwt(fragment.get('access_token')!).email).toBe(email);
    const { data, error } = await client(standin).auth.signInWithPassword({ email, password: 'secret-123' });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata.email_verified).toBe(true);
  });

  it('sends a used or unknown link back with the otp_expired error fragment', async () => {
    const response = await fetch(`${standin.url}/auth/v1/verify?token=deadbeef&type=signup&redirect_to=http%3A%2F%2F127.0.0.1%3A4503%2F`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      'http://127.0.0.1:4503/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
  });

  it('ignores a redirect to a foreign origin and uses the site URL', async () => {
    const other = `foreign-${Date.now()}@example.com`;
    await client(standin).auth.signUp({ email: other, password: 'secret-123', options: { emailRedirectTo: 'https://evil.example/' } });
    expect(lastLinkTo(other)).toMatch(new RegExp(`redirect_to=${encodeURIComponent(DEV_ORIGIN)}$`));
  });

  it('answers a repeat sign-up of a confirmed address with an obfuscated user', async () => {
    const { data, error } = await client(standin).auth.signUp({ email: MEMBER.email, password: 'another-pass' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    const real = await signedIn(standin, MEMBER.email, MEMBER.password);
    expect(data.user?.id).not.toBe((await real.auth.getUser()).data.user?.id);
  });

  it('rejects a short password with AuthWeakPasswordError (422, reasons)', async () => {
    const { error } = await client(standin).auth.signUp({ email: `weak-${Date.now()}@example.com`, password: '123' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 6 characters.' });
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length']);
  });

  it('validates the e-mail address', async () => {
    const { error } = await client(standin).auth.signUp({ email: 'not-an-email', password: 'secret-123' });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
  });
});

describe('sign up with autoconfirm on', () => {
  it('returns a session, and user_already_exists (422) for a known address', async () => {
    standin.config.autoconfirm = true;
    try {
      const { data, error } = await client(standin).auth.signUp({ email: `auto-${Date.now()}@example.com`, password: 'secret-123' });
      expect(error).toBeNull();
      expect(data.session?.access_token).toBeTruthy();
      const again = await client(standin).auth.signUp({ email: MEMBER.email, password: 'secret-123' });
      expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
    } finally {
      standin.config.autoconfirm = false;
    }
  });
});

describe('user, refresh and logout', () => {
  it('reads the user, rotates refresh tokens and rejects a reused one', async () => {
    const supabase = await signedIn(standin, MEMBER.email, MEMBER.password);
    const { data: first } = await supabase.auth.getSession();
    const user = await supabase.auth.getUser();
    expect(user.data.user?.email).toBe(MEMBER.email);
    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(first.session?.refresh_token);
    const reused = await client(standin).auth.refreshSession({ refresh_token: first.session!.refresh_token });
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const bogus = await client(standin).auth.refreshSession({ refresh_token: 'abcdefghijklmnop' });
    expect(bogus.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('signs out (204) and the old access token no longer has a session', async () => {
    const supabase = await signedIn(standin, MEMBER.email, MEMBER.password);
    const token = (await supabase.auth.getSession()).data.session!.access_token;
    const { error } = await supabase.auth.signOut();
    expect(error).toBeNull();
    expect((await supabase.auth.getSession()).data.session).toBeNull();
    const after = await client(standin).auth.getUser(token);
    expect(after.error?.name).toBe('AuthSessionMissingError');
  });

  it('answers /user without a bearer token with no_authorization and a bad token with bad_jwt', async () => {
    const headers = { apikey: standin.config.anonKey, 'x-supabase-api-version': '2024-01-01' };
    const none = await fetch(`${standin.url}/auth/v1/user`, { headers });
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('no_authorization');
    const bad = await fetch(`${standin.url}/auth/v1/user`, { headers: { ...headers, authorization: 'Bearer abc.def.ghi' } });
    expect(bad.status).toBe(403);
    expect((await bad.json()).message).toMatch(/^invalid JWT: unable to parse or verify signature, /);
  });
});

describe('the admin check (GET /rest/v1/user_roles, .single())', () => {
  const adminCheck = (supabase: ReturnType<typeof client>, id: string) => supabase.from('user_roles').select('role').eq('user_id', id).eq('role', 'admin').single();

  it('returns the bare object for an admin', async () => {
    const supabase = await signedIn(standin, ADMIN.email, ADMIN.password);
    const id = (await supabase.auth.getUser()).data.user!.id;
    const { data, error, status } = await adminCheck(supabase, id);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({ role: 'admin' });
  });

  it('answers 406 PGRST116 for a member (zero rows)', async () => {
    const supabase = await signedIn(standin, MEMBER.email, MEMBER.password);
    const id = (await supabase.auth.getUser()).data.user!.id;
    const { data, error, status } = await adminCheck(supabase, id);
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows', message: 'Cannot coerce the result to a single JSON object' });
  });

  it("lets a member see no one else's roles, and refuses anon with 42501 (401)", async () => {
    const admin = await signedIn(standin, ADMIN.email, ADMIN.password);
    const adminId = (await admin.auth.getUser()).data.user!.id;
    const member = await signedIn(standin, MEMBER.email, MEMBER.password);
    const { data } = await member.from('user_roles').select('*').eq('user_id', adminId);
    expect(data).toEqual([]);
    const anon = await client(standin).from('user_roles').select('role');
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
  });
});
