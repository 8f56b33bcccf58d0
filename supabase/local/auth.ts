/**
 * GoTrue's HTTP contract for the calls the site makes:
 * /token (password, refresh_token), /signup, /resend, /logout, /user, /verify.
 */
import { randomBytes } from 'node:crypto';
import type { StandinConfig } from './config.ts';
import { publicUrl } from './config.ts';
import type { Db } from './db.ts';
import { json } from './gateway.ts';
import { bearerToken, verifyJwt } from './jwt.ts';
import type { Outbox } from './outbox.ts';
import {
  confirmUser,
  createUser,
  findUserByEmail,
  findUserById,
  issueTokens,
  obfuscatedUserJson,
  passwordMatches,
  type TokenSettings,
  type UserRow,
  userJson,
} from './users.ts';

const API_VERSION = '2024-01-01';

export interface AuthContext {
  db: Db;
  config: StandinConfig;
  outbox: Outbox;
  /** Password sign-in attempts per client IP and per e-mail address. */
  signIns: AttemptCounter;
}

/** Sliding-window counts of attempts per key (GoTrue's rate limiter for the token endpoint). */
export class AttemptCounter {
  private readonly hits = new Map<string, number[]>();

  /** Records an attempt; false (nothing recorded) when `key` already made `limit` in the window. */
  take(key: string, limit: number, windowSeconds: number, now = Date.now()): boolean {
    if (limit <= 0) return true;
    const since = now - windowSeconds * 1000;
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since);
    const allowed = recent.length < limit;
    if (allowed) recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) {
      for (const [other, times] of this.hits) if (!times.some((time) => time > since)) this.hits.delete(other);
    }
    return allowed;
  }
}

const rateLimited = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** GoTrue's error rendering: the 2024-01-01 shape when the client asks for it, else the legacy one. */
function errorResponse(request: Request, error: AuthError): Response {
  const version = request.headers.get('x-supabase-api-version');
  const modern = version !== null && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= API_VERSION;
  const body = modern ? { code: error.code, message: error.message, ...error.extra } : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return json(body, error.status, { 'x-sb-error-code': error.code });
}

function tokenSettings(config: StandinConfig): TokenSettings {
  return { issuer: `${publicUrl(config)}/auth/v1`, secret: config.jwtSecret, expiry: config.jwtExpiry };
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function checkEmail(email: string): void {
  if (email.length > 255 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
}

function checkPasswordStrength(password: string, min: number): void {
  if (password.length > 72) throw new AuthError(400, 'validation_failed', 'Password cannot be longer than 72 characters');
  if (password.length < min) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
}

/** `redirect_to` is honoured for the site URL's origin or any loopback origin, else the site URL. */
export function allowedRedirect(candidate: string | null, siteUrl: string): string {
  if (!candidate) return siteUrl;
  try {
    const url = new URL(candidate);
    const site = new URL(siteUrl);
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    if (url.origin === site.origin || (loopback && /^https?:$/.test(url.protocol))) return url.toString();
  } catch {
    // not a URL
  }
  return siteUrl;
}

/** GoTrue's frequency limit: a new mail within `maxFrequency` seconds of the last one → 429. */
function checkFrequency(user: UserRow, maxFrequency: number): void {
  if (!user.confirmation_sent_at) return;
  const next = new Date(user.confirmation_sent_at).getTime() + maxFrequency * 1000;
  const left = Math.floor((next - Date.now()) / 1000);
  if (next > Date.now()) {
    throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.max(left, 0)} seconds.`);
  }
}

async function sendConfirmation(ctx: AuthContext, user: UserRow, redirectTo: string): Promise<void> {
  checkFrequency(user, ctx.config.emailMaxFrequency);
  const token = randomBytes(28).toString('hex');
  await ctx.db.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1', [user.id, token]);
  const link = `${publicUrl(ctx.config)}/auth/v1/verify?token=${token}&type=signup&redirect_to=${encodeURIComponent(redirectTo)}`;
  ctx.outbox.add({ to: user.email, subject: 'Confirm Your Signup', type: 'signup', link });
}

/** GoTrue's requireAuthentication: a bearer JWT whose session still exists. */
async function authenticate(ctx: AuthContext, request: Request): Promise<{ user: UserRow; sessionId: string }> {
  const token = bearerToken(request);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = await verifyJwt(token, ctx.config.jwtSecret);
  if (!verified.ok) throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${verified.reason}`);
  const { sub, session_id: sessionId } = verified.claims;
  if (typeof sub !== 'string' || !sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  const user = await findUserById(ctx.db, sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const session =
    typeof sessionId === 'string' && /^[0-9a-f-]{36}$/i.test(sessionId)
      ? (await ctx.db.query('select id from auth.sessions where id = $1', [sessionId])).rows[0]
      : undefined;
  if (!session) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  if (user.banned_until && new Date(user.banned_until).getTime() > Date.now()) throw new AuthError(403, 'user_banned', 'User is banned');
  return { user, sessionId: sessionId as string };
}

async function passwordGrant(ctx: AuthContext, body: Record<string, unknown>): Promise<Response> {
  const email = str(body.email);
  const { signInEmailRateLimit, signInRateWindow } = ctx.config;
  if (email && !ctx.signIns.take(`email:${email.trim().toLowerCase()}`, signInEmailRateLimit, signInRateWindow)) throw rateLimited();
  const phone = str(body.phone);
  const password = str(body.password);
  if (email && phone) throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on login.');
  if (!email && !phone) throw new AuthError(400, 'validation_failed', 'missing email or phone');
  const user = email ? await findUserByEmail(ctx.db, email) : null;
  if (!user || !(await passwordMatches(user, password))) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  if (user.banned_until && new Date(user.banned_until).getTime() > Date.now()) throw new AuthError(400, 'user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  return json(await issueTokens(ctx.db, user, tokenSettings(ctx.config)));
}

async function refreshGrant(ctx: AuthContext, body: Record<string, unknown>): Promise<Response> {
  const token = str(body.refresh_token);
  if (token.length < 12 || !/^[A-Za-z0-9_-]+$/.test(token)) throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; user_id: string; session_id: string; revoked: boolean }>(
      'select id, user_id, session_id, revoked from auth.refresh_tokens where token = $1 for update',
      [token],
    );
    const row = rows[0];
    if (!row) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (row.revoked) throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    const user = await findUserById(tx, row.user_id);
    if (!user) throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    await tx.query('update auth.refresh_tokens set revoked = true where id = $1', [row.id]);
    return json(await issueTokens(tx, user, tokenSettings(ctx.config), row.session_id));
  });
}

async function signup(ctx: AuthContext, request: Request, body: Record<string, unknown>): Promise<Response> {
  const email = str(body.email).trim();
  const password = str(body.password);
  const data = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {};
  const redirectTo = allowedRedirect(new URL(request.url).searchParams.get('redirect_to'), ctx.config.siteUrl);
  if (!password) throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password, ctx.config.minPasswordLength);
  checkEmail(email);
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (ctx.config.autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
    if (existing.email_confirmed_at) return json(obfuscatedUserJson(email.toLowerCase(), data));
    await sendConfirmation(ctx, existing, redirectTo);
    return json(await userJson(ctx.db, (await findUserById(ctx.db, existing.id))!));
  }
  const user = await createUser(ctx.db, { email, password, data, confirmed: ctx.config.autoconfirm });
  if (ctx.config.autoconfirm) return json(await issueTokens(ctx.db, user, tokenSettings(ctx.config)));
  await sendConfirmation(ctx, user, redirectTo);
  return json(await userJson(ctx.db, (await findUserById(ctx.db, user.id))!));
}

async function resend(ctx: AuthContext, request: Request, body: Record<string, unknown>): Promise<Response> {
  const type = str(body.type);
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (type !== 'signup') throw new AuthError(400, 'validation_failed', 'Only signup confirmations can be resent here');
  const email = str(body.email).trim();
  if (!email) throw new AuthError(400, 'validation_failed', 'Type provided requires an email address');
  checkEmail(email);
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.email_confirmed_at) {
    const redirectTo = allowedRedirect(new URL(request.url).searchParams.get('redirect_to'), ctx.config.siteUrl);
    await sendConfirmation(ctx, user, redirectTo);
  }
  return json({});
}

async function logout(ctx: AuthContext, request: Request): Promise<Response> {
  const scope = new URL(request.url).searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
  const { user, sessionId } = await authenticate(ctx, request);
  if (scope === 'global') await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
  if (scope === 'local') await ctx.db.query('delete from auth.sessions where id = $1', [sessionId]);
  if (scope === 'others') await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
  return new Response(null, { status: 204 });
}

function fragment(params: Record<string, string | number>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(String(params[key]))}`)
    .join('&');
}

async function verify(ctx: AuthContext, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const type = params.get('type');
  const token = params.get('token');
  if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  if (!token) throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
  const redirectTo = allowedRedirect(params.get('redirect_to'), ctx.config.siteUrl).replace(/#.*$/, '');
  const { rows } = await ctx.db.query<UserRow>(`select * from auth.users where confirmation_token = $1 and confirmation_sent_at > now() - interval '24 hours'`, [token]);
  const found = type === 'signup' ? rows[0] : undefined;
  if (!found) {
    const error = fragment({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    }).replace(/%20/g, '+');
    return new Response(null, { status: 303, headers: { location: `${redirectTo}#${error}` } });
  }
  const user = await confirmUser(ctx.db, found);
  const tokens = await issueTokens(ctx.db, user, tokenSettings(ctx.config));
  const hash = fragment({
    access_token: tokens.access_token as string,
    expires_at: tokens.expires_at as number,
    expires_in: tokens.expires_in as number,
    refresh_token: tokens.refresh_token as string,
    sb: '',
    token_type: 'bearer',
    type: 'signup',
  });
  return new Response(null, { status: 303, headers: { location: `${redirectTo}#${hash}` } });
}

/** Handles `/auth/v1/<path>`; `path` has the prefix stripped; `clientIp` is the caller's address. */
export async function handleAuth(ctx: AuthContext, request: Request, path: string, clientIp: string): Promise<Response> {
  let response: Response;
  try {
    response = await route(ctx, request, path, clientIp);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    response = errorResponse(request, error);
  }
  if (request.headers.get('x-supabase-api-version')) response.headers.set('X-Supabase-Api-Version', API_VERSION);
  return response;
}

async function route(ctx: AuthContext, request: Request, path: string, clientIp: string): Promise<Response> {
  const method = request.method;
  if (path === '/token' && method === 'POST') {
    const grant = new URL(request.url).searchParams.get('grant_type');
    // Counted per IP before the body is read; per e-mail address in passwordGrant.
    if (grant === 'password' && !ctx.signIns.take(`ip:${clientIp}`, ctx.config.signInRateLimit, ctx.config.signInRateWindow)) throw rateLimited();
    const body = await readBody(request);
    if (grant === 'password') return passwordGrant(ctx, body);
    if (grant === 'refresh_token') return refreshGrant(ctx, body);
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  }
  if (path === '/signup' && method === 'POST') return signup(ctx, request, await readBody(request));
  if (path === '/resend' && method === 'POST') return resend(ctx, request, await readBody(request));
  if (path === '/logout' && method === 'POST') return logout(ctx, request);
  if (path === '/user' && method === 'GET') {
    const { user } = await authenticate(ctx, request);
    return json(await userJson(ctx.db, user));
  }
  if (path === '/verify' && method === 'GET') return verify(ctx, request);
  if (path === '/health' && method === 'GET') return json({ version: 'local', name: 'GoTrue', description: 'local stand-in' });
  throw new AuthError(404, 'not_found', 'Not found');
}
