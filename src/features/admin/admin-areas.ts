/**
 * The parts of /admin and who reaches them: an admin all of it, an editor the content editor
 * only (sent there from any other /admin path), anyone else nothing. The guard (AdminGuard.tsx)
 * follows `adminView`; the server and the database check the roles again on every call.
 */
import type { AppRole } from '../../../supabase/functions/_shared/roles.ts';

/** Where the content editor lives: the one page of the admin an editor may open. */
export const contentEditorPath = '/admin/content';

export type AdminView = { show: 'dashboard' | 'content-editor' | 'denied' } | { redirect: string };

const isContentEditorPath = (pathname: string) => pathname === contentEditorPath || pathname === `${contentEditorPath}/`;

/** What the guard shows a signed-in user whose role is `role` (null: none) on `pathname`. */
export function adminView(role: AppRole | null, pathname: string): AdminView {
  if (role === null) return { show: 'denied' };
  if (isContentEditorPath(pathname)) return { show: 'content-editor' };
  return role === 'admin' ? { show: 'dashboard' } : { redirect: contentEditorPath };
}
