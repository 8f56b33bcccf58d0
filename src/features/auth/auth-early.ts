/**
 * Inlined right after the /auth form (src/pages/auth.astro). The form's island hydrates on first
 * use or when supabase-js has work at once (src/features/auth/auth-load.ts). Until it is ready, this keeps
 * every action: the form's buttons are enabled, a click on one or a submit is held on the island's
 * element (contract.ts; the island replays it once hydrated) and the island is asked to hydrate. Without JavaScript the buttons stay
 * disabled, so a native submit can never carry the password.
 */
import { wakeIsland } from '../../lib/wake-island';
import { authNeededAtLoad, isAuthIntent, type AuthIntent } from './auth-load';
import type { AuthFormData } from './contract';
import { AUTH_FORM_HOST_ID } from './ids';

const form = document.getElementById(AUTH_FORM_HOST_ID);
const data = (form?.dataset ?? {}) as AuthFormData;
const hydrate = () => wakeIsland(form);

function hold(event: Event, intent: AuthIntent): void {
  event.preventDefault();
  event.stopImmediatePropagation(); // the island's own listeners must not see it too
  data.held = data.held ? `${data.held} ${intent}` : intent;
  hydrate();
}

function storageKeys(): string[] {
  try {
    return Object.keys(localStorage);
  } catch {
    return [];
  }
}

if (form) {
  form.querySelectorAll<HTMLButtonElement>('button[disabled]').forEach((button) => {
    button.disabled = false;
  });
  document.addEventListener(
    'click',
    (event) => {
      if (data.ready) return;
      const button = (event.target as Element | null)?.closest?.('[data-auth-intent]');
      const intent = button?.getAttribute('data-auth-intent');
      if (button && form.contains(button) && isAuthIntent(intent)) hold(event, intent);
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      if (!data.ready && form.contains(event.target as Node)) hold(event, 'submit');
    },
    true,
  );
  for (const type of ['focusin', 'pointerdown', 'keydown']) form.addEventListener(type, hydrate, { once: true, passive: true });
  if (authNeededAtLoad(location, storageKeys())) hydrate();
}
