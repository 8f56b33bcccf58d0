/**
 * Page side of the hints the auth store writes (admin-session.ts; the two share no module,
 * tests/unit/account.test.ts holds their names together): whether this browser remembers an
 * admin's session (`admin_session`: the header's Admin link, no Meta pixel, an own visit), or an
 * editor's (`editor_session`: the header's link to the content editor). Only hints, for what the
 * browser shows and loads: the server checks what matters. Imports nothing, so every page script may use it.
 */
export const ADMIN_SESSION_KEY = 'admin_session';

/** Whether this browser remembers a session under `key`: by default, an admin's. */
export function remembers(win: Window, key = ADMIN_SESSION_KEY): boolean {
  try {
    return win.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/** Whether this browser remembers an admin's session (the Meta pixel and an own visit read only this). */
export { remembers as remembersAdmin };
