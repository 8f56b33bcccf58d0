/**
 * Page side of the admin hint that the auth store writes (admin-session.ts; the two share no
 * module, tests/unit/account.test.ts holds their names together): whether this browser remembers
 * an admin's session. Only a hint, for what the browser shows and loads (the header's Admin link,
 * no Meta pixel): the server checks what matters. Imports nothing, so every page script may use it.
 */
export const ADMIN_SESSION_KEY = 'admin_session';

export function remembersAdmin(win: Window): boolean {
  try {
    return win.localStorage.getItem(ADMIN_SESSION_KEY) !== null;
  } catch {
    return false;
  }
}
