/** auth.users, identities, sessions and refresh tokens, and their JSON as GoTrue renders them. */
import bcrypt from 'bcryptjs';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db, Tx } from './db.ts';
import { signJwt } from './jwt.ts';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  banned_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

type Queryable = Db | Tx;

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : undefined);

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('select * from auth.users where lower(email) = lower($1)', [email]);
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.query<UserRow>('select * from auth.users where id = $1', [id]);
  return rows[0] ?? null;
}

export async function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 10);
}

export async function passwordMatches(user: UserRow, password: string): Promise<boolean> {
  return Boolean(user.encrypted_password) && bcrypt.compare(password, user.encrypted_password!);
}

export async function createUser(db: Queryable, input: { email: string; password: string; data?: Record<string, unknown>; confirmed: boolean }): Promise<UserRow> {
  const hash = await hashPassword(input.password);
  const metadata = { ...(input.data ?? {}), email: input.email, email_verified: input.confirmed, phone_verified: false };
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data)
     values ($1, $2, case when $3::boolean then now() end, $4) returning *`,
    [input.email.toLowerCase(), hash, input.confirmed, JSON.stringify(metadata)],
  );
  const user = rows[0]!;
  await db.query(`insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1, $2, $3, 'email')`, [
    user.id,
    user.id,
    JSON.stringify({ sub: user.id, email: user.email, email_verified: input.confirmed, phone_verified: false }),
  ]);
  const withSub = { ...metadata, sub: user.id };
  await db.query('update auth.users set raw_user_meta_data = $2 where id = $1', [user.id, JSON.stringify(withSub)]);
  return { ...user, raw_user_meta_data: withSub };
}

export async function confirmUser(db: Queryable, user: UserRow): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set email_confirmed_at = now(), confirmation_token = null, updated_at = now(),
       raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'
     where id = $1 returning *`,
    [user.id],
  );
  await db.query(`update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now() where user_id = $1`, [user.id]);
  return rows[0]!;
}

export async function userJson(db: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  const { rows } = await db.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at', [user.id]);
  const identities = rows.map((identity) => ({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: user.email,
  }));
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}

/** What GoTrue answers for a sign-up of an already confirmed address (sanitizeUser). */
export function obfuscatedUserJson(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export function newRefreshToken(): string {
  return randomBytes(12).toString('base64url');
}

export interface TokenSettings {
  issuer: string;
  secret: string;
  expiry: number;
}

/** Starts a session (or continues `sessionId`) and returns GoTrue's token response. */
export async function issueTokens(db: Queryable, user: UserRow, settings: TokenSettings, sessionId?: string): Promise<Record<string, unknown>> {
  let session = sessionId;
  if (!session) {
    const { rows } = await db.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id', [user.id]);
    session = rows[0]!.id;
    await db.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
    await db.query('update auth.identities set last_sign_in_at = now() where user_id = $1', [user.id]);
  }
  const refreshToken = newRefreshToken();
  await db.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [refreshToken, user.id, session]);
  const fresh = (await findUserById(db, user.id))!;
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + settings.expiry;
  const accessToken = await signJwt(
    {
      iss: settings.issuer,
      sub: fresh.id,
      aud: fresh.aud,
      exp,
      iat,
      email: fresh.email,
      phone: '',
      app_metadata: fresh.raw_app_meta_data,
      user_metadata: fresh.raw_user_meta_data,
      role: fresh.role,
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: iat }],
      session_id: session,
      is_anonymous: false,
    },
    settings.secret,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: settings.expiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(db, fresh),
  };
}
