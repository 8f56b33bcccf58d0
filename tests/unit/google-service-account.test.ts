/** The service account key and its access tokens (supabase/functions/_shared/google-service-account.ts). */
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_MANAGER_SCOPE,
  googleTokens,
  GoogleTokenError,
  JWT_BEARER_GRANT,
  parseServiceAccountKey,
  serviceAccountJwt,
  type ServiceAccountKey,
} from '../../supabase/functions/_shared/google-service-account.ts';

const NOW = 1_800_000_000_000;
const TOKEN_URI = 'https://oauth2.googleapis.com/token';
let pair: { privateKey: string; publicKey: string };
let keyFile: Record<string, string>;

beforeAll(() => {
  pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  keyFile = {
    type: 'service_account',
    project_id: 'coach-site',
    private_key_id: 'kid-1',
    private_key: pair.privateKey,
    client_email: 'site@coach-site.iam.gserviceaccount.com',
    token_uri: TOKEN_URI,
  };
});

const parsed = (fields: Record<string, unknown>) => parseServiceAccountKey(JSON.stringify(fields));
function key(fields: Record<string, unknown> = keyFile): ServiceAccountKey {
  const result = parsed(fields);
  if (!('key' in result)) throw new Error(result.invalid);
  return result.key;
}
const part = (text: string) => JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('parseServiceAccountKey', () => {
  it('reads a key file as Google makes it', () => {
    expect(key()).toMatchObject({ clientEmail: keyFile['client_email'], privateKeyId: 'kid-1', tokenUri: TOKEN_URI, projectId: 'coach-site' });
  });

  it('says what is wrong, in plain words', () => {
    const { private_key: _, ...withoutKey } = keyFile;
    expect(parsed(withoutKey)).toEqual({ invalid: expect.stringMatching(/has no private_key/) });
    expect(parsed({ ...keyFile, client_email: '', token_uri: undefined })).toEqual({ invalid: expect.stringMatching(/has no client_email, no token_uri/) });
    expect(parsed({ ...keyFile, type: 'authorized_user' })).toEqual({ invalid: expect.stringMatching(/"authorized_user", not a service account key/) });
    expect(parseServiceAccountKey('[1]')).toEqual({ invalid: expect.stringMatching(/not a JSON object/) });
    expect(parsed({ ...keyFile, token_uri: 'http://oauth2.googleapis.com/token' })).toEqual({ invalid: expect.stringMatching(/token_uri is not an https address/) });
    expect(parsed({ ...keyFile, private_key: 'not a key' })).toEqual({ invalid: expect.stringMatching(/not a PKCS#8 PEM key/) });
    const pkcs1 = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    expect(parsed({ ...keyFile, private_key: pkcs1.privateKey })).toEqual({ invalid: expect.stringMatching(/PKCS#1 key \(BEGIN RSA PRIVATE KEY\)/) });
    expect(parsed({ ...keyFile, private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n' })).toEqual({ invalid: expect.stringMatching(/damaged/) });
  });

  it('never quotes the key in its message, even when the JSON is broken inside it', () => {
    const broken = JSON.stringify(keyFile).replace('"private_key":"', '"private_key":"\u0001');
    const result = parseServiceAccountKey(broken);
    expect(result).toEqual({ invalid: expect.stringMatching(/not JSON/) });
    expect(JSON.stringify(result)).not.toMatch(/BEGIN|MII/);
  });

  it('takes the loopback over http (the local fake) and a key whose newlines stayed escaped', () => {
    expect(key({ ...keyFile, token_uri: 'http://127.0.0.1:5555/token' }).tokenUri).toBe('http://127.0.0.1:5555/token');
    const escaped = key({ ...keyFile, private_key: pair.privateKey.replace(/\n/g, '\\n') });
    expect(escaped.pkcs8).toEqual(key().pkcs8);
  });
});

describe('serviceAccountJwt', () => {
  it('is signed RS256 by the key, from the service account to the token endpoint, for an hour', async () => {
    const jwt = await serviceAccountJwt(key(), DATA_MANAGER_SCOPE, NOW + 999);
    const [header, claims, signature] = jwt.split('.') as [string, string, string];
    expect(part(header)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'kid-1' });
    const iat = NOW / 1000;
    expect(part(claims)).toEqual({ iss: keyFile['client_email'], scope: DATA_MANAGER_SCOPE, aud: TOKEN_URI, iat, exp: iat + 3600 });
    expect(verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), createPublicKey(pair.publicKey), Buffer.from(signature, 'base64url'))).toBe(true);
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), createPublicKey(other.publicKey), Buffer.from(signature, 'base64url'))).toBe(false);
  });
});

type Answer = { status: number; body?: unknown } | Error;

/** A token endpoint answering in turn; each request's form is kept. */
function tokenEndpoint(answers: Answer[]) {
  const forms: URLSearchParams[] = [];
  let clock = NOW;
  const deps = {
    now: () => clock,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe(TOKEN_URI);
      expect(new Headers(init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
      forms.push(new URLSearchParams(String(init?.body)));
      await Promise.resolve();
      const answer = answers.shift() ?? { status: 200, body: { access_token: `token${forms.length}`, expires_in: 3599, token_type: 'Bearer' } };
      if (answer instanceof Error) throw answer;
      return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status });
    },
  };
  return { deps, forms, advance: (ms: number) => void (clock += ms) };
}

const failure = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error as GoogleTokenError,
  );

describe('googleTokens', () => {
  it('posts the JWT bearer grant and keeps the token until a minute before it expires', async () => {
    const endpoint = tokenEndpoint([]);
    const tokens = googleTokens(key(), endpoint.deps);
    expect(await tokens.get()).toBe('token1');
    expect(endpoint.forms[0]!.get('grant_type')).toBe(JWT_BEARER_GRANT);
    expect(endpoint.forms[0]!.get('assertion')!.split('.')).toHaveLength(3);
    endpoint.advance(3599_000 - 60_001);
    expect(await tokens.get()).toBe('token1');
    endpoint.advance(1);
    expect(await tokens.get()).toBe('token2');
    expect(endpoint.forms).toHaveLength(2);
  });

  it('lets concurrent callers share one request, and renew drops the cached token', async () => {
    const endpoint = tokenEndpoint([]);
    const tokens = googleTokens(key(), endpoint.deps);
    expect(await Promise.all([tokens.get(), tokens.get(), tokens.get()])).toEqual(['token1', 'token1', 'token1']);
    expect(await Promise.all([tokens.renew(), tokens.renew()])).toEqual(['token2', 'token2']);
    expect(await tokens.get()).toBe('token2');
    expect(endpoint.forms).toHaveLength(2);
  });

  it('a refusal of the key is `refused`; no answer, 429 and 5xx are `transient`; a failure is not cached', async () => {
    const endpoint = tokenEndpoint([
      { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } },
      { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } },
      { status: 503, body: {} },
      { status: 429, body: {} },
      new TypeError('fetch failed'),
      Object.assign(new Error('The operation timed out.'), { name: 'TimeoutError' }),
      { status: 404 },
    ]);
    const tokens = googleTokens(key(), endpoint.deps);
    expect(await failure(tokens.get())).toMatchObject({
      name: 'GoogleTokenError',
      kind: 'refused',
      reason: 'invalid_grant',
      status: 400,
      message: expect.stringMatching(/Invalid JWT Signature/),
    });
    expect(await failure(tokens.get())).toMatchObject({ kind: 'refused', reason: 'invalid_client', status: 401 });
    expect(await failure(tokens.get())).toMatchObject({ kind: 'transient', reason: 'http_503', status: 503 });
    expect(await failure(tokens.get())).toMatchObject({ kind: 'transient', status: 429 });
    expect(await failure(tokens.get())).toMatchObject({ kind: 'transient', reason: 'network', status: null });
    expect(await failure(tokens.get())).toMatchObject({ kind: 'transient', reason: 'timeout' });
    expect(await failure(tokens.get())).toMatchObject({ kind: 'refused', reason: 'http_404' });
    expect(await tokens.get()).toBe('token8');
  });

  it('a private key WebCrypto cannot import is refused without a request', async () => {
    const endpoint = tokenEndpoint([]);
    const damaged = { ...key(), pkcs8: new Uint8Array(200).fill(0x30) };
    expect(await failure(googleTokens(damaged, endpoint.deps).get())).toMatchObject({ kind: 'refused', reason: 'invalid_key' });
    expect(endpoint.forms).toHaveLength(0);
  });
});
