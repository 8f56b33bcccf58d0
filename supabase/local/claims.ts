/** The caller's JWT claims as the gateway/PostgREST/storage see them. */
import type { StandinConfig } from './config.ts';
import { type Claims, bearerToken, verifyJwt } from './jwt.ts';

export type ClaimsResult = { ok: true; claims: Claims } | { ok: false; reason: string; expired: boolean };

/** Kong's words for a call that carries no key at all. */
export const NO_API_KEY = 'No API key found in request';

/**
 * The JWT a call runs as: the bearer token, else the apikey, which the gateway passes on as the
 * Authorization header when the caller sent none; null when the call carries neither.
 */
export function callerToken(request: Request): string | null {
  return bearerToken(request) ?? request.headers.get('apikey');
}

/** The claims of callerToken; a call without any key is refused (storage-api verifies an empty JWT). */
export async function requestClaims(request: Request, config: StandinConfig): Promise<ClaimsResult> {
  const token = callerToken(request);
  if (!token) return { ok: false, reason: NO_API_KEY, expired: false };
  const verified = await verifyJwt(token, config.jwtSecret);
  if (!verified.ok) return { ok: false, reason: verified.reason, expired: /expired/.test(verified.reason) };
  return { ok: true, claims: verified.claims };
}
