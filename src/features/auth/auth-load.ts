/**
 * The /auth form hydrates (React and supabase-js) on the visitor's first use, not on page load,
 * unless supabase-js has work to do at once: a stored session (a signed-in visitor goes to /) or
 * a confirmation link's result in the address (its tokens or its error).
 */

export type AuthIntent = 'submit' | 'toggle' | 'reveal';
const INTENTS: readonly string[] = ['submit', 'toggle', 'reveal'];

/** supabase-js keeps the session under `sb-<project ref>-auth-token`. */
const SESSION_KEY = /^sb-.+-auth-token$/;
/** What Supabase's auth server puts in the address when a link returns to the site. */
const LINK_PARAMS = ['access_token', 'refresh_token', 'code', 'error', 'error_description', 'token_hash'];

function hasAny(params: URLSearchParams): boolean {
  return LINK_PARAMS.some((name) => params.has(name));
}

export function authNeededAtLoad(location: { hash: string; search: string }, storageKeys: readonly string[]): boolean {
  if (storageKeys.some((key) => SESSION_KEY.test(key))) return true;
  return hasAny(new URLSearchParams(location.search)) || hasAny(new URLSearchParams(location.hash.replace(/^#/, '')));
}

export function isAuthIntent(value: unknown): value is AuthIntent {
  return typeof value === 'string' && INTENTS.includes(value);
}

export interface HeldActions {
  /** The form shows the other mode (sign up instead of sign in, or back). */
  switchMode: boolean;
  /** The password is shown. */
  revealPassword: boolean;
  /** The form is sent, after the mode is switched. */
  submit: boolean;
}

/** The intents held on the form's element (contract.ts `held`), in order; anything else is dropped. */
export function heldIntents(held: string | undefined): AuthIntent[] {
  return (held ?? '').split(' ').filter(isAuthIntent);
}

/** What the held actions add up to: two switches cancel out; a submit is sent once. */
export function replayHeld(intents: readonly AuthIntent[]): HeldActions {
  const count = (intent: AuthIntent) => intents.filter((held) => held === intent).length;
  return { switchMode: count('toggle') % 2 === 1, revealPassword: count('reveal') % 2 === 1, submit: count('submit') > 0 };
}
