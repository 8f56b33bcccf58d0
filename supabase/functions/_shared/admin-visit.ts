/**
 * Whether a conversion comes from a browser signed in as an admin: the coach opening her own
 * thank-you pages. The page sends the session's access token (`Authorization: Bearer <token>`)
 * only when it has one; the endpoint asks Supabase Auth whose it is (GET /auth/v1/user, which
 * also refuses a signed-out session) and then `has_role(user, 'admin')` with the service role.
 * Anything else is a visitor's conversion: no token, a project key (the anon key the Edge
 * Function is called with), a token Auth refuses, a member, or Supabase not answering in time.
 * A mark the server could not check would let anyone hide conversions. Runtime-free.
 */
import { bearer } from './auth.ts';
import { supabaseKeyHeaders } from './supabase-key.ts';

export type AdminVisitCheck = (request: Request) => Promise<boolean>;

export interface AdminVisitOptions {
  /** The project URL (SUPABASE_URL). */
  url: string;
  /** The service role key: has_role answers it about any user. */
  serviceKey: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** How long Supabase may take to answer both questions before the visit counts as a visitor's. */
  timeoutMs?: number;
}

function payloadOf(jwt: string): Record<string, unknown> | null {
  const part = jwt.split('.')[1];
  if (!part || jwt.split('.').length !== 3) return null;
  try {
    const text = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The bearer token when it reads as a signed-in user's access token (a JWT for the
 * `authenticated` role with a subject), else null. Not verified here (Supabase Auth does that):
 * it only spares a question to Auth for the project keys every visitor's request carries.
 */
export function userTokenOf(headers: Headers): string | null {
  const token = bearer(headers);
  if (!token || token.length > 8192) return null;
  const claims = payloadOf(token);
  return claims?.role === 'authenticated' && typeof claims.sub === 'string' && claims.sub !== '' ? token : null;
}

export function adminVisitCheck(options: AdminVisitOptions): AdminVisitCheck {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 5_000;
  return async (request) => {
    const token = userTokenOf(request.headers);
    if (!token) return false;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const user = await doFetch(`${base}/auth/v1/user`, { headers: { apikey: options.serviceKey, authorization: `Bearer ${token}` }, signal });
      if (!user.ok) {
        await user.body?.cancel();
        return false;
      }
      const { id } = (await user.json()) as { id?: unknown };
      if (typeof id !== 'string') return false;
      const role = await doFetch(`${base}/rest/v1/rpc/has_role`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...supabaseKeyHeaders(options.serviceKey) },
        body: JSON.stringify({ _user_id: id, _role: 'admin' }),
        signal,
      });
      return role.ok && (await role.json()) === true;
    } catch {
      return false;
    }
  };
}

/** The check for the env's project, or none where the ledger's two settings are missing (nothing is recorded then). */
export function adminVisitFromEnv(
  env: { SUPABASE_URL?: string | undefined; SUPABASE_SERVICE_ROLE_KEY?: string | undefined },
  fetchImpl?: AdminVisitOptions['fetch'],
): AdminVisitCheck | undefined {
  const url = env.SUPABASE_URL?.trim();
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY?.trim();
  if (!url || !serviceKey) return undefined;
  return adminVisitCheck({ url, serviceKey, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}
