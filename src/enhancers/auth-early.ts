/**
 * Inlined right after the /auth form (src/pages/auth.astro). The form's island hydrates on first
 * use or when supabase-js has work at once (src/lib/auth-load.ts). Until it is ready, this keeps
 * every action: the form's buttons are enabled, a click on one or a submit is held (the island
 * replays it once hydrated) and the island is asked to hydrate. Without JavaScript the buttons stay
 * disabled, so a native submit can never carry the password.
 */
import { AUTH_INTENTS_KEY, AUTH_READY, authNeededAtLoad, isAuthIntent, type AuthIntent } from '../lib/auth-load';
import { requestIsland } from './islands';

type AuthWindow = Window & { [AUTH_INTENTS_KEY]?: AuthIntent[]; [AUTH_READY]?: boolean };

const win = window as AuthWindow;
const form = document.querySelector<HTMLElement>('[data-auth-form]');
const hydrate = () => requestIsland('auth');

function hold(event: Event, intent: AuthIntent): void {
  event.preventDefault();
  event.stopImmediatePropagation(); // the island's own listeners must not see it too
  (win[AUTH_INTENTS_KEY] ??= []).push(intent);
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
      if (win[AUTH_READY]) return;
      const button = (event.target as Element | null)?.closest?.('[data-auth-intent]');
      const intent = button?.getAttribute('data-auth-intent');
      if (button && form.contains(button) && isAuthIntent(intent)) hold(event, intent);
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      if (!win[AUTH_READY] && form.contains(event.target as Node)) hold(event, 'submit');
    },
    true,
  );
  for (const type of ['focusin', 'pointerdown', 'keydown']) form.addEventListener(type, hydrate, { once: true, passive: true });
  if (authNeededAtLoad(location, storageKeys())) hydrate();
}
