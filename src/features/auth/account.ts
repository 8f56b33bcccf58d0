/**
 * The header's account actions on every page (src/components/site/Header.astro, hidden in the
 * HTML): a signed-in admin's Admin link and Sign out, a signed-in editor's link to the content
 * editor and Sign out. Each part names the hint it is shown for (`data-session`: `admin_session`,
 * `editor_session`, written by the auth store, src/features/auth/admin-session.ts; read with
 * admin-hint.ts) and shows in the first frame when this browser remembers it; for everyone else
 * nothing loads. Sign out writes the request on the sign-out island's element and wakes the island
 * (src/features/auth/SignOut.tsx) on the first tap (contract.ts).
 */
import { onTriggerClick } from '~/enhancers/dialog';
import { wakeIsland } from '~/lib/wake-island';
import type { SignOutHostData } from './contract';
import { remembers } from './admin-hint';
import { SIGN_OUT_HOST_ID } from './ids';

export { ADMIN_SESSION_KEY } from './admin-hint';

export function enhanceAccount(doc: Document): void {
  for (const part of doc.querySelectorAll<HTMLElement>('[data-session]')) part.hidden = !remembers(window, part.dataset.session!);
  onTriggerClick('[data-sign-out]', () => {
    for (const button of doc.querySelectorAll<HTMLButtonElement>('[data-sign-out]')) button.disabled = true;
    const host = doc.getElementById(SIGN_OUT_HOST_ID);
    if (!host) return;
    (host.dataset as SignOutHostData).request = 'sign-out';
    wakeIsland(host);
  });
}
