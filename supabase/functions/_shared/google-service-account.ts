/**
 * A Google service account key (the JSON file Google Cloud makes) and the access tokens it earns:
 * a JWT signed RS256 with the key, exchanged at the key's `token_uri` (OAuth 2.0 JWT bearer
 * grant, RFC 7523) for a bearer token of about an hour. Only fetch and WebCrypto, so it runs
 * in workerd, Deno and Node alike. Runtime-free.
 */

export const DATA_MANAGER_SCOPE = 'https://www.googleapis.com/auth/datamanager';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google accepts an assertion of at most an hour. */
const ASSERTION_LIFETIME_S = 3600;
/** A cached token is renewed this long before it expires. */
export const TOKEN_MARGIN_MS = 60_000;

export interface ServiceAccountKey {
  clientEmail: string;
  privateKeyId: string | null;
  tokenUri: string;
  projectId: string | null;
  /** The private key's PKCS#8 DER bytes. */
  pkcs8: Uint8Array<ArrayBuffer>;
}

export interface TokenDeps {
  fetch: typeof fetch;
  now: () => number;
  /** How long the token endpoint may take to answer. */
  attemptTimeoutMs?: number | undefined;
}

/**
 * - `refused`: the token endpoint refused the key (`invalid_grant`: deleted or disabled key or
 *   account; `invalid_client`; any other 4xx), or the private key cannot be used: no token can
 *   be had until the key is replaced;
 * - `transient`: no answer, a timeout, 429 or 5xx: try again later.
 */
export class GoogleTokenError extends Error {
  override readonly name = 'GoogleTokenError';
  constructor(
    readonly kind: 'refused' | 'transient',
    /** The OAuth error (`invalid_grant`, `invalid_client`, …), `invalid_key`, `timeout`, `network`, or `http_<status>`. */
    readonly reason: string,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

const isLoopback = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '[::1]';

/** Whether a URL may carry a token: https, or http to this machine (the local fakes). */
export function secureUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  } catch {
    return false;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function pkcs8From(pem: string): Uint8Array<ArrayBuffer> | string {
  // A key pasted through a shell or a dashboard sometimes keeps its \n escaped.
  const normal = pem.includes('\n') ? pem : pem.replace(/\\n/g, '\n');
  if (/-----BEGIN RSA PRIVATE KEY-----/.test(normal)) {
    return 'its private_key is a PKCS#1 key (BEGIN RSA PRIVATE KEY): use the JSON key file as Google made it, whose private_key is PKCS#8 (BEGIN PRIVATE KEY)';
  }
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----/.test(normal)) return 'its private_key is encrypted: use the JSON key file as Google made it';
  const match = /^\s*-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\s]+)-----END PRIVATE KEY-----\s*$/.exec(normal);
  if (!match) return 'its private_key is not a PKCS#8 PEM key (-----BEGIN PRIVATE KEY----- … -----END PRIVATE KEY-----)';
  try {
    const der = Uint8Array.from(atob(match[1]!.replace(/\s+/g, '')), (char) => char.charCodeAt(0));
    if (der.length < 100 || der[0] !== 0x30) throw new Error('not DER');
    return der;
  } catch {
    return 'its private_key is damaged (the text between BEGIN and END is not a key)';
  }
}

/** The key, or what is wrong with it in plain words (never quoting the key itself). */
export function parseServiceAccountKey(json: string): { key: ServiceAccountKey } | { invalid: string } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    // The parser's message can quote the text around the error: part of the private key.
    return { invalid: 'the service account key is not JSON: set the whole key file Google made, from { to }' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { invalid: 'the service account key is not a JSON object: set the whole key file' };
  const fields = value as Record<string, unknown>;
  if (fields['type'] !== undefined && fields['type'] !== 'service_account') {
    return { invalid: `the key is of type "${String(fields['type'])}", not a service account key: make a JSON key for a service account` };
  }
  const missing = ['client_email', 'private_key', 'token_uri'].filter((name) => !text(fields[name]));
  if (missing.length > 0) return { invalid: `the service account key has no ${missing.join(', no ')}: set the whole key file Google made` };
  const tokenUri = text(fields['token_uri'])!;
  if (!secureUrl(tokenUri)) return { invalid: 'the key’s token_uri is not an https address' };
  const pkcs8 = pkcs8From(String(fields['private_key']));
  if (typeof pkcs8 === 'string') return { invalid: `the service account key is not usable: ${pkcs8}` };
  return { key: { clientEmail: text(fields['client_email'])!, privateKeyId: text(fields['private_key_id']), tokenUri, projectId: text(fields['project_id']), pkcs8 } };
}

const base64url = (bytes: Uint8Array): string => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jsonPart = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

const signingKeys = new WeakMap<ServiceAccountKey, Promise<CryptoKey>>();

function signingKey(key: ServiceAccountKey): Promise<CryptoKey> {
  let imported = signingKeys.get(key);
  if (!imported) {
    imported = crypto.subtle.importKey('pkcs8', key.pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
    signingKeys.set(key, imported);
  }
  return imported;
}

/** The signed assertion: iss = the service account, aud = its token_uri, an hour long from `nowMs`. */
export async function serviceAccountJwt(key: ServiceAccountKey, scope: string, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(key.privateKeyId ? { kid: key.privateKeyId } : {}) };
  const claims = { iss: key.clientEmail, scope, aud: key.tokenUri, iat, exp: iat + ASSERTION_LIFETIME_S };
  const unsigned = `${jsonPart(header)}.${jsonPart(claims)}`;
  let cryptoKey: CryptoKey;
  try {
    cryptoKey = await signingKey(key);
  } catch {
    throw new GoogleTokenError('refused', 'invalid_key', 'the service account’s private key could not be read');
  }
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', cryptoKey, new TextEncoder().encode(unsigned));
  return `${unsigned}.${base64url(new Uint8Array(signature))}`;
}

interface TokenAnswer {
  access_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
}

async function requestToken(key: ServiceAccountKey, scope: string, deps: TokenDeps): Promise<{ token: string; expiresAt: number }> {
  const started = deps.now();
  const assertion = await serviceAccountJwt(key, scope, started);
  let response: Response;
  let answer: TokenAnswer = {};
  try {
    response = await deps.fetch(key.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
      signal: AbortSignal.timeout(deps.attemptTimeoutMs ?? 20_000),
    });
    answer = ((await response.json().catch(() => ({}))) ?? {}) as TokenAnswer;
  } catch (error) {
    const timeout = error instanceof Error && error.name === 'TimeoutError';
    throw new GoogleTokenError('transient', timeout ? 'timeout' : 'network', `Google's token endpoint did not answer (${timeout ? 'timeout' : String(error)})`);
  }
  const token = typeof answer.access_token === 'string' ? answer.access_token : null;
  if (response.ok && token) {
    const lifetimeS = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 3600;
    return { token, expiresAt: started + lifetimeS * 1000 };
  }
  const oauthError = typeof answer.error === 'string' ? answer.error : `http_${response.status}`;
  const message = [oauthError, typeof answer.error_description === 'string' ? answer.error_description : null].filter(Boolean).join(': ');
  const retry = response.ok || response.status === 408 || response.status === 429 || response.status >= 500;
  throw new GoogleTokenError(retry ? 'transient' : 'refused', oauthError, `Google's token endpoint: ${message}`, response.status);
}

export interface GoogleTokens {
  /** A valid access token: the cached one until a minute before it expires. */
  get(): Promise<string>;
  /** A new access token, the cached one dropped (after a 401 from the API). */
  renew(): Promise<string>;
}

/** Access tokens for `key`; concurrent callers share one request to the token endpoint. */
export function googleTokens(key: ServiceAccountKey, deps: TokenDeps, scope = DATA_MANAGER_SCOPE): GoogleTokens {
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  const fetchNew = (): Promise<string> => {
    pending ??= requestToken(key, scope, deps).then(
      (fresh) => {
        cached = fresh;
        pending = null;
        return fresh.token;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return {
    get: () => (cached && deps.now() < cached.expiresAt - TOKEN_MARGIN_MS ? Promise.resolve(cached.token) : fetchNew()),
    renew: () => {
      cached = null;
      return fetchNew();
    },
  };
}
