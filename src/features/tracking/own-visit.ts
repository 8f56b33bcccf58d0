/**
 * The coach's own visits (docs/tracking.md, "An admin's own visits"). In a browser that remembers
 * an admin's session (src/features/auth/admin-hint.ts) Meta's pixel never loads
 * (pixel.ts), and a thank-you page sends the session's access token with its conversion
 * (`Authorization: Bearer`): the endpoint asks Supabase whose it is and records an admin's visit
 * apart. The token is read where supabase-js keeps the session, without loading supabase-js; an
 * expired one is refreshed first by the sign-out island, which has supabase-js (contract.ts). For
 * every other visitor nothing more is read, loaded or sent.
 */
import { remembersAdmin } from '~/features/auth/admin-hint';
import type { SignOutHostData } from '~/features/auth/contract';
import { SIGN_OUT_HOST_ID } from '~/features/auth/ids';
import { wakeIsland } from '~/lib/wake-island';

/** supabase-js keeps the session under `sb-<project ref>-auth-token`. */
export const SESSION_KEY = /^sb-.+-auth-token$/;
/** A token closer than this to its expiry is refreshed first: it must still hold when the endpoint asks. */
export const EXPIRY_MARGIN_MS = 60_000;
/** How long the conversion waits for an expired session to be refreshed; then it goes as a visitor's. */
export const REFRESH_WAIT_MS = 5_000;

export interface StoredSession {
  token: string;
  /** Still valid for longer than EXPIRY_MARGIN_MS. */
  fresh: boolean;
}

type SessionStore = Pick<Storage, 'length' | 'key' | 'getItem'>;

/** The session supabase-js keeps in `storage`, or null. */
export function storedSession(storage: SessionStore, nowMs: number): StoredSession | null {
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (!key || !SESSION_KEY.test(key)) continue;
    try {
      const value = JSON.parse(storage.getItem(key) ?? '') as { access_token?: unknown; expires_at?: unknown };
      if (typeof value.access_token !== 'string' || value.access_token === '') continue;
      const expiresAt = typeof value.expires_at === 'number' ? value.expires_at * 1000 : 0;
      return { token: value.access_token, fresh: expiresAt - nowMs > EXPIRY_MARGIN_MS };
    } catch {
      // Not a session: the next key.
    }
  }
  return null;
}

function readSession(win: Window): StoredSession | null {
  try {
    return storedSession(win.localStorage, Date.now());
  } catch {
    return null;
  }
}

/** Asks the sign-out island to refresh the stored session, and waits until it has answered (or `waitMs`). */
function refreshed(doc: Document, waitMs: number): Promise<void> {
  const host = doc.getElementById(SIGN_OUT_HOST_ID);
  const data = host?.dataset as SignOutHostData | undefined;
  // No island on the page, a sign-out under way, or an answer already given on this page.
  if (!host || !data || data.request === 'sign-out' || data.session) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (data.session) done();
    });
    const timer = setTimeout(done, waitMs);
    observer.observe(host, { attributes: true, attributeFilter: ['data-session'] });
    data.request = 'session';
    wakeIsland(host);
  });
}

/**
 * The access token to send with this page's conversion: a remembered admin's session's, once
 * fresh; null for everyone else (their conversion goes as before) and when no valid session
 * could be had in `waitMs`.
 */
export async function ownVisitToken(doc: Document = document, win: Window = window, waitMs = REFRESH_WAIT_MS): Promise<string | null> {
  if (!remembersAdmin(win)) return null;
  const session = readSession(win);
  if (!session || session.fresh) return session?.token ?? null;
  await refreshed(doc, waitMs);
  const again = readSession(win);
  return again?.fresh ? again.token : null;
}

/** The request headers with the session's token: it replaces the anon key's `Authorization`, the `apikey` stays. */
export function withAccessToken(headers: Record<string, string>, token: string | null): Record<string, string> {
  if (!token) return headers;
  const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
  return { ...rest, authorization: `Bearer ${token}` };
}
