/**
 * The header's Admin link and Sign out, for a signed-in admin on every page
 * (src/components/site/Header.astro, `[data-admin-actions]`, hidden in the HTML). Shown in the
 * first frame when this browser remembers an admin's session (written by the auth store under the
 * same key, src/lib/admin-session.ts); for everyone else nothing loads. Sign out asks the
 * sign-out island (src/islands/SignOut.tsx) to hydrate and sends it the request on the first tap.
 */
import { onTriggerClick } from '~/enhancers/dialog';
import { requestIsland, sendToIsland } from '~/enhancers/islands';

export const ADMIN_SESSION_KEY = 'admin_session';
export const SIGN_OUT_ISLAND = 'sign-out';

function remembersAdmin(win: Window): boolean {
  try {
    return win.localStorage.getItem(ADMIN_SESSION_KEY) !== null;
  } catch {
    return false;
  }
}

export function enhanceAccount(doc: Document, win: Window = window): void {
  if (!remembersAdmin(win)) return;
  const parts = doc.querySelectorAll<HTMLElement>('[data-admin-actions]');
  for (const part of parts) part.hidden = false;
  onTriggerClick('[data-sign-out]', () => {
    for (const button of doc.querySelectorAll<HTMLButtonElement>('[data-sign-out]')) button.disabled = true;
    sendToIsland(SIGN_OUT_ISLAND, true, win);
    requestIsland(SIGN_OUT_ISLAND, win);
  });
}
