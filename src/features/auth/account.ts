/**
 * The header's Admin link and Sign out, for a signed-in admin on every page
 * (src/components/site/Header.astro, `[data-admin-actions]`, hidden in the HTML). Shown in the
 * first frame when this browser remembers an admin's session (admin-hint.ts; written by the auth
 * store under the same key, src/features/auth/admin-session.ts); for everyone else nothing loads. Sign out writes
 * the request on the sign-out island's element and wakes the island (src/features/auth/SignOut.tsx)
 * on the first tap (contract.ts).
 */
import { onTriggerClick } from '~/enhancers/dialog';
import { wakeIsland } from '~/lib/wake-island';
import type { SignOutHostData } from './contract';
import { remembersAdmin } from './admin-hint';
import { SIGN_OUT_HOST_ID } from './ids';

export { ADMIN_SESSION_KEY } from './admin-hint';

export function enhanceAccount(doc: Document, win: Window = window): void {
  if (!remembersAdmin(win)) return;
  const parts = doc.querySelectorAll<HTMLElement>('[data-admin-actions]');
  for (const part of parts) part.hidden = false;
  onTriggerClick('[data-sign-out]', () => {
    for (const button of doc.querySelectorAll<HTMLButtonElement>('[data-sign-out]')) button.disabled = true;
    const host = doc.getElementById(SIGN_OUT_HOST_ID);
    if (!host) return;
    (host.dataset as SignOutHostData).request = 'sign-out';
    wakeIsland(host);
  });
}
