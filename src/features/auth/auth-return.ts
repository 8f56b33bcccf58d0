/**
 * Where sign-in returns to: the `next` path a guarded page sends the visitor to /auth with, so
 * the admin comes back to the dashboard she asked for. Only a path of this site is ever followed
 * (never another origin, a protocol-relative `//host` or a `javascript:` URL), and never /auth
 * itself. Without a usable `next`, an admin goes to the dashboard, an editor to the content
 * editor, and anyone else home.
 */
import { contentEditorPath } from '~/features/admin/admin-areas';
import type { AppRole } from '../../../supabase/functions/_shared/roles.ts';

export const NEXT_PARAM = 'next';
const HOME = '/';
const ADMIN_HOME = '/admin';
const AUTH_PATH = '/auth';

/** One leading "/" and no second one (a backslash counts as one: browsers read "/\host" as "//host"). */
const SITE_PATH = /^\/(?![/\\])/;

/** The /auth address that returns to `path` (the current page's path, query and fragment). */
export function signInHref(path: string): string {
  return `${AUTH_PATH}?${new URLSearchParams({ [NEXT_PARAM]: path })}`;
}

/** Where a signed-in user goes when nothing (usable) asked for a page. */
export function homeFor(role: AppRole | null): string {
  return role === 'admin' ? ADMIN_HOME : role === 'editor' ? contentEditorPath : HOME;
}

/** The same-site path `search` (a location.search) asks to return to, or `fallback`. */
export function returnPath(search: string, origin: string, fallback: string = HOME): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  if (!next || !SITE_PATH.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  if (url.pathname === AUTH_PATH || url.pathname.startsWith(`${AUTH_PATH}/`)) return fallback;
  // What is returned is checked, not only what came in: the parser resolves dot segments, so
  // "/.//evil.example" or "/a/..//evil.example" come out as "//evil.example", another host.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return SITE_PATH.test(path) ? path : fallback;
}
