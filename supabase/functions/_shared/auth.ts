/**
 * Server-side caller checks for functions: the caller's JWT is verified by Supabase Auth
 * (GET /auth/v1/user) and the admin role is read from user_roles under the caller's own RLS
 * (a signed-in user sees only their own rows, so exactly one 'admin' row means admin).
 * Plain fetch so it runs the same in Deno, workerd and Node.
 */
import { corsHeaders, errorResponse } from './http.ts';

export interface SupabaseEnv {
  supabaseUrl: string;
  anonKey: string;
  fetch?: typeof fetch;
}

export type AdminCheck = { ok: true; userId: string } | { ok: false; response: Response };

export function bearer(request: Request): string | null {
  const match = /^bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match ? match[1]! : null;
}

export async function requireAdmin(request: Request, env: SupabaseEnv, headers: Record<string, string> = corsHeaders): Promise<AdminCheck> {
  const token = bearer(request);
  if (!token) return { ok: false, response: errorResponse(401, 'a signed-in session is required (Authorization: Bearer <access token>)', headers) };
  const doFetch = env.fetch ?? fetch;
  const base = env.supabaseUrl.replace(/\/+$/, '');
  const auth = { apikey: env.anonKey, authorization: `Bearer ${token}` };
  let userId: string;
  try {
    const userResponse = await doFetch(`${base}/auth/v1/user`, { headers: auth });
    if (!userResponse.ok) return { ok: false, response: errorResponse(401, 'the session is invalid or has expired', headers) };
    const user = (await userResponse.json()) as { id?: unknown };
    if (typeof user.id !== 'string') return { ok: false, response: errorResponse(401, 'the session has no user', headers) };
    userId = user.id;
    const query = `select=role&user_id=eq.${encodeURIComponent(userId)}&role=eq.admin`;
    const roleResponse = await doFetch(`${base}/rest/v1/user_roles?${query}`, {
      headers: { ...auth, accept: 'application/vnd.pgrst.object+json', 'accept-profile': 'public' },
    });
    if (roleResponse.status !== 200) {
      await roleResponse.body?.cancel();
      return { ok: false, response: errorResponse(403, 'the admin role is required', headers) };
    }
    await roleResponse.body?.cancel();
  } catch {
    return { ok: false, response: errorResponse(502, 'could not verify the caller with Supabase', headers) };
  }
  return { ok: true, userId };
}
