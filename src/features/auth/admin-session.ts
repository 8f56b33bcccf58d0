/**
 * Whether this browser's signed-in user is an admin, remembered for the page script of every page
 * (src/features/auth/admin-hint.ts reads the same key; the two share no module, so the page script
 * stays inline: tests/unit/account.test.ts holds them together), and, apart, whether she is an
 * editor. Only a hint for the header's Admin link and, an admin's alone, for leaving Meta's pixel
 * off: /admin itself checks the role, and the database enforces it.
 */
import type { AppRole } from '../../../supabase/functions/_shared/roles.ts';

export const ADMIN_SESSION_KEY = 'admin_session';
export const EDITOR_SESSION_KEY = 'editor_session';

const KEYS: Record<AppRole, string> = { admin: ADMIN_SESSION_KEY, editor: EDITOR_SESSION_KEY };

/** Remembers `role` (null: neither), forgetting the other: the browser remembers the latest answer. */
export function rememberRole(role: AppRole | null, storage: Storage | null = localStore()): void {
  try {
    for (const [held, key] of Object.entries(KEYS)) {
      if (held === role) storage?.setItem(key, '1');
      else storage?.removeItem(key);
    }
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
