/**
 * What page scripts and the auth islands share, on elements (types only: a page script and an
 * island share no module at run time):
 * - the sign-out island's element: the header's Sign Out (account.ts) writes `data-request="sign-out"`
 *   and wakes the island (SignOut.tsx), which signs out when it finds the request; a thank-you page
 *   whose remembered admin session has expired (src/features/tracking/own-visit.ts) writes
 *   `data-request="session"`: the island has supabase-js refresh the stored session, then writes
 *   `data-session` (`fresh`, or `none` when there is no session any more);
 * - the /auth form's island element: until the island is ready, the early script (auth-early.ts)
 *   holds the visitor's actions in `data-held`; the island replays them once hydrated
 *   (AuthForm.tsx) and marks the element `data-ready`, after which nothing is held.
 */
import type { AuthIntent } from './auth-load';

export interface SignOutHostData {
  request?: 'sign-out' | 'session';
  session?: 'fresh' | 'none';
}

export interface AuthFormData {
  /** Space-separated AuthIntents, in the order they came. */
  held?: string;
  ready?: 'true';
}

export type { AuthIntent };
