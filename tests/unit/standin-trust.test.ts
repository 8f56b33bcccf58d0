// @vitest-environment node
/**
 * What the local stand-in trusts: body size caps before any buffering or auth, CORS only for the
 * site's local origins, tus upload URLs bound to their creator, and the sign-in rate limit.
 */
import { isAuthApiError } from '@supabase/supabase-js';
import { type IncomingMessage, type ServerResponse, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../supabase/local/config.ts';
import type { Standin } from '../../supabase/local/server.ts';
import { ADMIN, MEMBER, client, root, signedIn, startTestStandin } from '../support/standin.ts';

const MB = 1024 * 1024;
let standin: Standin;
beforeAll(async () => {
  standin = await startTestStandin(4827);
}, 90_000);
afterAll(async () => {
  await standin?.close();
}, 30_000);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Body bytes the client had handed to its socket when the answer's headers arrived. */
  sentBeforeAnswer: number;
}

/**
 * Sends `total` bytes (64 KB at a time, as fast as the connection takes them) and stops as soon
 * as an answer arrives. `declare` sends Content-Length; without it the body is chunked.
 */
function streamBody(path: string, headers: Record<string, string>, total: number, { method = 'POST', declare = false } = {}): Promise<Answer> {
  const url = new URL(path, standin.url);
  const piece = Buffer.alloc(64 * 1024, 7);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest({
      // A connection of its own: the server's count of bytes read on it is this request's.
      agent: false,
      host: url.hostname,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method,
      headers: { ...headers, ...(declare ? { 'content-length': String(total) } : {}) },
    });
    req.on('response', (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('error', reject);
      res.on('end', () => {
        resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(parts).toString(), sentBeforeAnswer });
        req.destroy();
      });
    });
    // Writing into a connection the server closed after answering fails: expected then.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < total) {
        const size = Math.min(piece.byteLength, total - sent);
        sent += size;
        if (!req.write(size === piece.byteLength ? piece : piece.subarray(0, size))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

interface ServerReads {
  /** Bytes the stand-in's socket had read (request head included) when it wrote the answer's head. */
  atAnswer: number;
  /** ...and when the connection closed (what was drained after the answer, too). */
  atClose: number;
}

/**
 * What the stand-in itself reads for the next request to `path`, from its socket's byte count
 * (the server runs in this process). Call before sending; await after the answer.
 */
function serverReads(path: string): Promise<ServerReads> {
  return new Promise((resolve, reject) => {
    const onRequest = (req: IncomingMessage, res: ServerResponse) => {
      if (!req.url?.startsWith(path)) return;
      standin.server.off('request', onRequest);
      const socket = req.socket;
      let atAnswer = -1;
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
        if (atAnswer < 0) atAnswer = socket.bytesRead;
        return writeHead.apply(this, args);
      } as typeof writeHead;
      socket.once('close', () => (atAnswer < 0 ? reject(new Error(`the stand-in closed ${path} without an answer`)) : resolve({ atAnswer, atClose: socket.bytesRead })));
    };
    standin.server.on('request', onRequest);
  });
}

/** The stand-in's resident memory (it runs in this process) sampled while `work` runs. */
async function peakRssDuring<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

const anonHeaders = () => ({ apikey: standin.config.anonKey, authorization: `Bearer ${standin.config.anonKey}` });
const tokenOf = async (user: { email: string; password: string }) =>
  (await (await signedIn(standin, user.email, user.password)).auth.getSession()).data.session!.access_token;
const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

async function setVideosLimit(bytes: number): Promise<void> {
  await standin.db.query('update storage.buckets set file_size_limit = $1 where id = $2', [bytes, 'videos']);
}

describe('body size caps, before any buffering and before the auth check', () => {
  it('refuses a JSON body declared over 1 MB with 413 before the API key check, unread', async () => {
    const reads = serverReads('/auth/v1/token');
    const answer = await streamBody('/auth/v1/token?grant_type=password', { 'content-type': 'application/json' }, 200 * MB, { declare: true });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ message: 'Request size limit exceeded' });
    expect(answer.headers.connection).toBe('close');
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * MB);
    expect((await reads).atAnswer).toBeLessThanOrEqual(MB);
  });

  it('refuses a chunked JSON body with 413 once it passes 1 MB, without reading the rest', async () => {
    const answer = await streamBody('/auth/v1/signup', { ...anonHeaders(), 'content-type': 'application/json' }, 200 * MB);
    expect(answer.status).toBe(413);
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * MB);
  });

  it('answers a 400 MB chunked anonymous upload (403) after reading at most 1 MB; memory stays flat', async () => {
    const reads = serverReads('/storage/v1/object/videos/anon-big.mp4');
    const { result: answer, growth } = await peakRssDuring(() =>
      streamBody('/storage/v1/object/videos/anon-big.mp4', { ...anonHeaders(), 'content-type': 'video/mp4' }, 400 * MB),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * MB);
    expect(growth).toBeLessThan(64 * MB);
    const { atAnswer, atClose } = await reads;
    expect(atAnswer).toBeLessThanOrEqual(MB);
    expect(atClose).toBeLessThan(32 * MB);
  });

  it('answers a 400 MB anonymous upload declared by Content-Length (under the bucket limit: 403) after reading at most 1 MB', async () => {
    const reads = serverReads('/storage/v1/object/videos/anon-big.mp4');
    const answer = await streamBody('/storage/v1/object/videos/anon-big.mp4', { ...anonHeaders(), 'content-type': 'video/mp4' }, 400 * MB, { declare: true });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(answer.headers.connection).toBe('close');
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * MB);
    const { atAnswer, atClose } = await reads;
    expect(atAnswer).toBeLessThanOrEqual(MB);
    expect(atClose).toBeLessThan(32 * MB);
  });

  it("refuses an upload declared over the bucket's file_size_limit with 413 before the permission check", async () => {
    await setVideosLimit(MB);
    try {
      const reads = serverReads('/storage/v1/object/videos/anon-big.mp4');
      const answer = await streamBody('/storage/v1/object/videos/anon-big.mp4', { ...anonHeaders(), 'content-type': 'video/mp4' }, 400 * MB, { declare: true });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toEqual({
        statusCode: '413',
        code: 'EntityTooLarge',
        error: 'Payload too large',
        message: 'The object exceeded the maximum allowed size',
      });
      expect(answer.sentBeforeAnswer).toBeLessThan(32 * MB);
      expect((await reads).atAnswer).toBeLessThanOrEqual(MB);
    } finally {
      await setVideosLimit(2 * 1024 * MB);
    }
  });

  it("stops an admin's chunked upload with 413 once it passes the bucket's limit; memory stays flat", async () => {
    const token = await tokenOf(ADMIN);
    await setVideosLimit(MB);
    try {
      const { result: answer, growth } = await peakRssDuring(() =>
        streamBody(
          '/storage/v1/object/videos/tests/too-big.mp4',
          { apikey: standin.config.anonKey, authorization: `Bearer ${token}`, 'content-type': 'video/mp4' },
          400 * MB,
        ),
      );
      expect(answer.status).toBe(413);
      expect(answer.sentBeforeAnswer).toBeLessThan(32 * MB);
      expect(growth).toBeLessThan(64 * MB);
    } finally {
      await setVideosLimit(2 * 1024 * MB);
    }
    // Listing is for admins (an anonymous listing is empty whatever the bucket holds).
    const listed = await (await signedIn(standin, ADMIN.email, ADMIN.password)).storage.from('videos').list('tests');
    expect(listed.error).toBeNull();
    expect(listed.data?.map((entry) => entry.name) ?? []).not.toContain('too-big.mp4');
  });

  it('refuses a tus request over one chunk plus the margin (413) and a 400 MB anonymous creation-with-upload (403) after reading at most 1 MB', async () => {
    const tus = { 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream' };
    const metadata = tusMetadata({ bucketName: 'videos', objectName: 'tus/anon-big.mp4', contentType: 'video/mp4' });
    const tooBigReads = serverReads('/storage/v1/upload/resumable');
    const tooBig = await streamBody(
      '/storage/v1/upload/resumable',
      { ...anonHeaders(), ...tus, 'upload-length': String(400 * MB), 'upload-metadata': metadata },
      8 * MB,
      {
        declare: true,
      },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.text).toBe('Maximum size exceeded');
    expect((await tooBigReads).atAnswer).toBeLessThanOrEqual(MB);
    const reads = serverReads('/storage/v1/upload/resumable');
    const { result: anon, growth } = await peakRssDuring(() =>
      streamBody('/storage/v1/upload/resumable', { ...anonHeaders(), ...tus, 'upload-length': String(400 * MB), 'upload-metadata': metadata }, 400 * MB),
    );
    expect(anon.status).toBe(403);
    expect(anon.text).toBe('new row violates row-level security policy');
    expect(anon.sentBeforeAnswer).toBeLessThan(32 * MB);
    expect(growth).toBeLessThan(64 * MB);
    const { atAnswer, atClose } = await reads;
    expect(atAnswer).toBeLessThanOrEqual(MB);
    expect(atClose).toBeLessThan(32 * MB);
  });

  it('still takes bodies under the caps (sign-in, a supabase-js upload)', async () => {
    const supabase = await signedIn(standin, ADMIN.email, ADMIN.password);
    const { error } = await supabase.storage.from('videos').upload('tests/small.mp4', new Blob([new Uint8Array(300 * 1024)], { type: 'video/mp4' }), { upsert: true });
    expect(error).toBeNull();
  });
});

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
    const admin = await tokenOf(ADMIN);
    const member = await tokenOf(MEMBER);
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
    const member = await tokenOf(MEMBER);
    const memberId = (await standin.db.query<{ id: string }>('select id from auth.users where email = $1', [MEMBER.email])).rows[0]!.id;
    const url = await create(await tokenOf(ADMIN), { createdBy: memberId });
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
