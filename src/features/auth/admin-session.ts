/**
 * Whether this browser's signed-in user is an admin, remembered for the page script of every page
 * (src/features/auth/admin-hint.ts reads the same key; the two share no module, so the page script stays
 * inline: tests/unit/account.test.ts holds them together). Only a hint for the header's
 * Admin link and for leaving Meta's pixel off: /admin itself checks the role, and the database enforces it.
 */
export const ADMIN_SESSION_KEY = 'admin_session';

export function rememberAdmin(isAdmin: boolean, storage: Storage | null = localStore()): void {
  try {
    if (isAdmin) storage?.setItem(ADMIN_SESSION_KEY, '1');
    else storage?.removeItem(ADMIN_SESSION_KEY);
  } catch {
    // Storage refused: the header shows no Admin link, nothing else changes.
  }
}

function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
