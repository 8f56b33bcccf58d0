/**
 * Server-side caller checks for functions: the caller's JWT is verified by Supabase Auth
 * (GET /auth/v1/user) and the caller's roles are read from user_roles under the caller's own RLS
 * (a signed-in user sees only their own rows). Admin only unless a caller asks for a set of
 * roles: the content endpoint lets an admin or an editor in; every other function stays admin-only.
 * Plain fetch so it runs the same in Deno, workerd and Node.
 */
import { corsHeaders, errorResponse } from './http.ts';
import { type AppRole, reaches, roleOfRows } from './roles.ts';

export type { AppRole } from './roles.ts';

export interface SupabaseEnv {
  supabaseUrl: string;
  anonKey: string;
  fetch?: typeof fetch;
}


/** `role`: the caller's part of the admin (roles.ts: admin over editor), which reaches the roles asked for. */
export type RoleCheck = { ok: true; userId: string; email: string | null; role: AppRole } | { ok: false; response: Response };
export type AdminCheck = RoleCheck;

const ADMIN_ONLY: readonly AppRole[] = ['admin'];

/** The token of an `Authorization: Bearer <token>` header, or null: the one reader of it, for every endpoint. */
export function bearer(headers: Headers): string | null {
  const match = /^bearer (\S+)$/i.exec(headers.get('authorization') ?? '');
  return match ? match[1]! : null;
}

/** The caller's role (roles.ts) reaches `roles` (admin only by default), or the 401/403/502 answer to give. */
export async function requireRole(
  request: Request,
  env: SupabaseEnv,
  roles: readonly AppRole[] = ADMIN_ONLY,
  headers: Record<string, string> = corsHeaders,
): Promise<RoleCheck> {
  const token = bearer(request.headers);
  if (!token) return { ok: false, response: errorResponse(401, 'a signed-in session is required (Authorization: Bearer <access token>)', headers) };
  const doFetch = env.fetch ?? fetch;
  const base = env.supabaseUrl.replace(/\/+$/, '');
  const auth = { apikey: env.anonKey, authorization: `Bearer ${token}` };
  const refused = errorResponse(403, `the ${roles.join(' or ')} role is required`, headers);
  try {
    const userResponse = await doFetch(`${base}/auth/v1/user`, { headers: auth });
    if (!userResponse.ok) {
      await userResponse.body?.cancel();
      return { ok: false, response: errorResponse(401, 'the session is invalid or has expired', headers) };
    }
    const user = (await userResponse.json()) as { id?: unknown; email?: unknown };
    if (typeof user.id !== 'string') return { ok: false, response: errorResponse(401, 'the session has no user', headers) };
    // Every role row of the caller's (RLS shows no one else's): a list, as she may hold several.
    const roleResponse = await doFetch(`${base}/rest/v1/user_roles?select=role&user_id=eq.${encodeURIComponent(user.id)}`, {
      headers: { ...auth, accept: 'application/json', 'accept-profile': 'public' },
    });
    if (roleResponse.status !== 200) {
      await roleResponse.body?.cancel();
      return { ok: false, response: refused };
    }
    const role = roleOfRows(await roleResponse.json());
    if (!role || !reaches(role, roles)) return { ok: false, response: refused };
    return { ok: true, userId: user.id, email: typeof user.email === 'string' && user.email !== '' ? user.email : null, role };
  } catch {
    return { ok: false, response: errorResponse(502, 'could not verify the caller with Supabase', headers) };
  }
}

/** The admin-only check every admin function uses. */
export function requireAdmin(request: Request, env: SupabaseEnv, headers: Record<string, string> = corsHeaders): Promise<RoleCheck> {
  return requireRole(request, env, ADMIN_ONLY, headers);
}
