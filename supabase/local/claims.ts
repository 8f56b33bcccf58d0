/** The caller's JWT claims as the gateway/PostgREST/storage see them. */
import type { StandinConfig } from './config.ts';
import { type Claims, bearerToken, verifyJwt } from './jwt.ts';

export type ClaimsResult = { ok: true; claims: Claims } | { ok: false; reason: string; expired: boolean };

/** The bearer token, or the apikey when no Authorization is sent (the gateway copies it). */
export async function requestClaims(request: Request, config: StandinConfig): Promise<ClaimsResult> {
  const token = bearerToken(request) ?? request.headers.get('apikey');
  if (!token) return { ok: true, claims: { role: 'anon' } };
  const verified = await verifyJwt(token, config.jwtSecret);
  if (!verified.ok) return { ok: false, reason: verified.reason, expired: /expired/.test(verified.reason) };
  return { ok: true, claims: verified.claims };
}
