/**
 * Where sign-in returns to: the `next` path a guarded page sends the visitor to /auth with, so
 * the admin comes back to the dashboard she asked for. Only a path of this site is ever followed
 * (never another origin, a protocol-relative `//host` or a `javascript:` URL), and never /auth
 * itself; anything else returns home.
 */
export const NEXT_PARAM = 'next';
const HOME = '/';
const AUTH_PATH = '/auth';

/** The /auth address that returns to `path` (the current page's path, query and fragment). */
export function signInHref(path: string): string {
  return `${AUTH_PATH}?${new URLSearchParams({ [NEXT_PARAM]: path })}`;
}

/** The same-site path `search` (a location.search) asks to return to, or "/". */
export function returnPath(search: string, origin: string): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  // A path of this site starts with one "/" (a backslash counts as one: browsers read "/\host" as "//host").
  if (!next || !/^\/(?![/\\])/.test(next)) return HOME;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return HOME;
  }
  if (url.origin !== new URL(origin).origin) return HOME;
  if (url.pathname === AUTH_PATH || url.pathname.startsWith(`${AUTH_PATH}/`)) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
