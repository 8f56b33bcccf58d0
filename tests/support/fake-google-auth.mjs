/**
 * The fake Google's sign-in half (tests/support/fake-google.mjs): a service account whose key
 * pair it makes, the JWT bearer grant checked as Google's token endpoint checks it (RS256
 * signature by that key, iss, aud, scope, iat/exp at most an hour apart), and the access tokens
 * it issues with their scope and expiry.
 */
import { generateKeyPair, randomBytes, verify } from 'node:crypto';
import { promisify } from 'node:util';

export const DATA_MANAGER_SCOPE = 'https://www.googleapis.com/auth/datamanager';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
export const FAKE_GOOGLE_CLIENT_EMAIL = 'site-conversions@fake-project.iam.gserviceaccount.com';
export const FAKE_GOOGLE_PROJECT_ID = 'fake-project';
/** Google allows this much clock difference on iat. */
const SKEW_S = 60;

/**
 * A service account and its key file, the private half the real one.
 * @param {string} tokenUri
 */
export async function makeServiceAccount(tokenUri, email = FAKE_GOOGLE_CLIENT_EMAIL) {
  const { publicKey, privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const keyId = randomBytes(20).toString('hex');
  const keyFile = {
    type: 'service_account',
    project_id: FAKE_GOOGLE_PROJECT_ID,
    private_key_id: keyId,
    private_key: privateKey,
    client_email: email,
    client_id: '100000000000000000001',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: tokenUri,
  };
  return { email, keyId, publicKey, keyFile };
}

const part = (text) => {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
};
const refusal = (description, error = 'invalid_grant') => ({ error, error_description: description });

/**
 * Checks a token request's form as Google does: null when the grant holds, else the OAuth
 * error body (`invalid_grant` and Google's description).
 * @param {URLSearchParams} form
 * @param {{ publicKey: string, keyId: string, email: string }} account
 * @param {{ audience: string, nowS: number }} expected
 */
export function checkGrant(form, account, { audience, nowS }) {
  if (form.get('grant_type') !== JWT_BEARER_GRANT) return refusal(`Invalid grant_type: ${form.get('grant_type') ?? ''}`, 'unsupported_grant_type');
  const assertion = form.get('assertion') ?? '';
  const [head, body, signature, ...rest] = assertion.split('.');
  const header = part(head ?? '');
  const claims = part(body ?? '');
  if (rest.length > 0 || !header || !claims || !signature) return refusal('Invalid JWT: the assertion is not a signed JWT.');
  if (header.alg !== 'RS256') return refusal('Invalid JWT Signature.');
  if (header.kid !== undefined && header.kid !== account.keyId) return refusal('Invalid JWT Signature.');
  if (!verify('RSA-SHA256', Buffer.from(`${head}.${body}`), account.publicKey, Buffer.from(signature, 'base64url'))) return refusal('Invalid JWT Signature.');
  if (claims.iss !== account.email) return refusal('Invalid grant: account not found');
  if (claims.aud !== audience) return refusal(`Invalid JWT: Failed audience check. The expected value was ${audience}.`);
  if (typeof claims.scope !== 'string' || !claims.scope.trim()) return refusal('Empty or missing scope not allowed.', 'invalid_scope');
  const { iat, exp } = claims;
  if (!Number.isInteger(iat) || !Number.isInteger(exp) || exp <= iat || exp - iat > 3600 || iat > nowS + SKEW_S || exp <= nowS) {
    return refusal('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.');
  }
  return null;
}

/** The access tokens issued: each with its scope and expiry (ms since epoch). */
export class IssuedTokens {
  #tokens = new Map();

  issue(scope, expiresAt) {
    const token = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    this.#tokens.set(token, { scope, expiresAt });
    return token;
  }

  /** What is wrong with an Authorization header's token at `nowMs`, or null. */
  problem(authorization, nowMs) {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!token) return 'CREDENTIALS_MISSING';
    const issued = this.#tokens.get(token);
    if (!issued) return 'ACCESS_TOKEN_TYPE_UNSUPPORTED';
    if (issued.expiresAt <= nowMs) return 'ACCESS_TOKEN_EXPIRED';
    if (!issued.scope.split(' ').includes(DATA_MANAGER_SCOPE)) return 'ACCESS_TOKEN_SCOPE_INSUFFICIENT';
    return null;
  }

  /** Every token issued so far expires now. */
  expireAll(nowMs) {
    for (const issued of this.#tokens.values()) issued.expiresAt = Math.min(issued.expiresAt, nowMs);
  }
}
