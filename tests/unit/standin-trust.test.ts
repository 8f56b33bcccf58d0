// @vitest-environment node
/**
 * What the local stand-in trusts: CORS only for the site's local origins, tus upload URLs bound
 * to their creator, and the sign-in rate limit (its body size caps: standin-body-caps.test.ts).
 */
import { isAuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../supabase/local/config.ts';
import type { Standin } from '../../supabase/local/server.ts';
import { ADMIN, MEMBER, accessTokenOf, client, root, signedIn, startTestStandin, tusMetadata } from '../support/standin.ts';

const MB = 1024 * 1024;
let standin: Standin;
beforeAll(async () => {
  standin = await startTestStandin(4827);
}, 90_000);
afterAll(async () => {
  await standin?.close();
}, 30_000);

describe("CORS: only the site's local origins", () => {
  const preflight = (path: string, origin: string) =>
    fetch(`${standin.url}${path}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, content-type' },
    });

  it.each(['http://127.0.0.1:4321', 'http://127.0.0.1:4400', 'http://localhost:4600', 'http://localhost:4391'])('echoes the local origin %s, never *', async (origin) => {
    const response = await preflight('/auth/v1/token', origin);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-headers')).toBe('apikey, content-type');
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it.each(['https://evil.example', 'http://127.0.0.1.evil.example:4321', 'https://127.0.0.1:4321', 'http://localhost.evil.example', 'null'])(
    'gives the foreign origin %s no CORS headers',
    async (origin) => {
      const response = await preflight('/auth/v1/token', origin);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-headers')).toBeNull();
      expect(response.headers.get('vary')).toBe('Origin');
      const read = await fetch(`${standin.url}/storage/v1/object/public/videos/brand/logo.png`, { headers: { origin } });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    },
  );

  it('serves public objects and API answers to the site with its origin', async () => {
    const origin = 'http://127.0.0.1:4400';
    const read = await fetch(`${standin.url}/storage/v1/object/public/videos/brand/logo.png`, { headers: { origin } });
    expect(read.headers.get('access-control-allow-origin')).toBe(origin);
    const refused = await fetch(`${standin.url}/rest/v1/user_roles?select=role`, { headers: { origin, apikey: standin.config.anonKey } });
    expect(refused.headers.get('access-control-allow-origin')).toBe(origin);
    expect(refused.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
  });

  it('lets the site and tools read /_local/outbox, refuses a foreign origin with 403 and no CORS headers', async () => {
    const local = await fetch(`${standin.url}/_local/outbox`, { headers: { origin: 'http://localhost:4321' } });
    expect(local.status).toBe(200);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    const tool = await fetch(`${standin.url}/_local/outbox`);
    expect(tool.status).toBe(200);
    expect(tool.headers.get('access-control-allow-origin')).toBeNull();
    const routes: [path: string, method: string][] = [
      ['/_local/outbox', 'GET'],
      ['/_local/outbox', 'POST'],
      ['/_local/outbox', 'OPTIONS'],
      ['/_local/health', 'GET'],
      ['/_local/anything', 'DELETE'],
    ];
    for (const [path, method] of routes) {
      const foreign = await fetch(`${standin.url}${path}`, { method, headers: { origin: 'https://evil.example' } });
      expect(foreign.status, `${method} ${path}`).toBe(403);
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('applies the same rule to functions called from a browser', async () => {
    const local = await preflight('/functions/v1/track-conversion', 'http://127.0.0.1:4321');
    expect(local.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
    expect(local.headers.get('vary')).toMatch(/Origin/);
    const foreign = await preflight('/functions/v1/track-conversion', 'https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('tus uploads are bound to the user who created them', () => {
  const tusHeaders = (token: string) => ({ 'tus-resumable': '1.0.0', apikey: standin.config.anonKey, authorization: `Bearer ${token}` });

  async function create(token: string, extra: Record<string, string> = {}): Promise<string> {
    const response = await fetch(`${standin.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: {
        ...tusHeaders(token),
        'upload-length': '1000',
        'x-upsert': 'true',
        'upload-metadata': tusMetadata({ bucketName: 'videos', objectName: 'tus/owned.mp4', contentType: 'video/mp4', ...extra }),
      },
    });
    expect(response.status).toBe(201);
    return response.headers.get('location')!;
  }

  const patch = (url: string, token: string, offset: number, bytes: number) =>
    fetch(url, {
      method: 'PATCH',
      headers: { ...tusHeaders(token), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });

  it("answers another user's and anon's HEAD, PATCH and DELETE with 403 and a JSON error; the creator carries on", async () => {
    const admin = await accessTokenOf(standin, ADMIN);
    const member = await accessTokenOf(standin, MEMBER);
    const url = await create(admin);
    expect((await patch(url, admin, 0, 400)).status).toBe(204);
    for (const token of [member, standin.config.anonKey]) {
      const head = await fetch(url, { method: 'HEAD', headers: tusHeaders(token) });
      expect(head.status).toBe(403);
      const written = await patch(url, token, 400, 100);
      expect(written.status).toBe(403);
      expect(written.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await written.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'The upload belongs to another user' });
      expect((await fetch(url, { method: 'DELETE', headers: tusHeaders(token) })).status).toBe(403);
    }
    const head = await fetch(url, { method: 'HEAD', headers: tusHeaders(admin) });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('400');
    expect((await patch(url, admin, 400, 600)).status).toBe(204);
  });

  it('ignores a creator the client names in the metadata, and answers a malformed upload id with 404', async () => {
    const member = await accessTokenOf(standin, MEMBER);
    const memberId = (await standin.db.query<{ id: string }>('select id from auth.users where email = $1', [MEMBER.email])).rows[0]!.id;
    const url = await create(await accessTokenOf(standin, ADMIN), { createdBy: memberId });
    expect((await fetch(url, { method: 'HEAD', headers: tusHeaders(member) })).status).toBe(403);
    const bad = await fetch(`${standin.url}/storage/v1/upload/resumable/..%2F..%2Fetc`, { method: 'HEAD', headers: tusHeaders(member) });
    expect(bad.status).toBe(404);
  });
});

describe('sign-in rate limit (GoTrue over_request_rate_limit)', () => {
  const attempt = (email: string, headers: Record<string, string> = {}) =>
    fetch(`${standin.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: standin.config.anonKey, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email, password: 'wrong-password' }),
    });

  it('defaults to 30 per 5 minutes per IP and per e-mail, configurable by environment', () => {
    const defaults = configFromEnv({ STANDIN_DATA_DIR: ':memory:' }, root);
    expect(defaults).toMatchObject({ signInRateLimit: 30, signInEmailRateLimit: 30, signInRateWindow: 300, jsonBodyLimit: MB, tusChunkSize: 6 * MB });
    const lowered = configFromEnv(
      { STANDIN_DATA_DIR: ':memory:', STANDIN_SIGN_IN_RATE_LIMIT: '3', STANDIN_SIGN_IN_EMAIL_RATE_LIMIT: '2', STANDIN_SIGN_IN_RATE_WINDOW: '60' },
      root,
    );
    expect(lowered).toMatchObject({ signInRateLimit: 3, signInEmailRateLimit: 2, signInRateWindow: 60 });
  });

  it('refuses a JWT secret of its own without the keys signed with it (its functions use the service role key)', () => {
    expect(() => configFromEnv({ STANDIN_JWT_SECRET: 'another-secret', STANDIN_ANON_KEY: 'a' }, root)).toThrow(
      'STANDIN_JWT_SECRET is set: set STANDIN_ANON_KEY and STANDIN_SERVICE_ROLE_KEY too, signed with that secret',
    );
  });

  it("refuses attempts beyond the per-e-mail limit with GoTrue's 429 body, for that address only", async () => {
    const saved = { ...standin.config };
    standin.config.signInEmailRateLimit = 2;
    try {
      const email = `limited-${Date.now()}@example.com`;
      expect((await attempt(email)).status).toBe(400);
      expect((await attempt(email.toUpperCase())).status).toBe(400);
      const limited = await attempt(email);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
      expect(await limited.json()).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
      const modern = await attempt(email, { 'x-supabase-api-version': '2024-01-01' });
      expect(await modern.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
      expect((await attempt(`other-${Date.now()}@example.com`)).status).toBe(400);
    } finally {
      standin.config.signInEmailRateLimit = saved.signInEmailRateLimit;
    }
  });

  it('refuses attempts beyond the per-IP limit, which supabase-js reports as AuthApiError 429; refresh is not limited', async () => {
    const signedInClient = await signedIn(standin, MEMBER.email, MEMBER.password);
    const saved = { ...standin.config };
    standin.config.signInRateLimit = 1;
    standin.config.signInRateWindow = 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await attempt(`ip-${Date.now()}@example.com`)).status).toBe(400);
      const { data, error } = await client(standin).auth.signInWithPassword(ADMIN);
      expect(data.session).toBeNull();
      expect(isAuthApiError(error)).toBe(true);
      expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });
      const refreshed = await signedInClient.auth.refreshSession();
      expect(refreshed.error).toBeNull();
      // Once the window has passed, sign-in works again.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await client(standin).auth.signInWithPassword(ADMIN)).error).toBeNull();
    } finally {
      standin.config.signInRateLimit = saved.signInRateLimit;
      standin.config.signInRateWindow = saved.signInRateWindow;
    }
  });
});
