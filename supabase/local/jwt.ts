/** HS256 JWTs as GoTrue issues them (with the claims GoTrue puts in them). */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface Claims {
  sub?: string;
  role?: string;
  aud?: string;
  exp?: number;
  iat?: number;
  email?: string;
  session_id?: string;
  [key: string]: unknown;
}

const encoder = new TextEncoder();

export async function signJwt(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret));
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: string };

/** Verifies signature and expiry; the reason is the library's text, as GoTrue appends it. */
export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    return { ok: true, claims: payload as Claims };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'token has invalid claims: token is expired' };
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** `Authorization: Bearer <token>`, matched case-insensitively like GoTrue. */
export function bearerToken(request: Request): string | null {
  const match = /^bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match ? match[1]! : null;
}
