/**
 * The roles `user_roles` grants (public.app_role) and how a user's rows are read, the one way
 * everywhere (the functions' caller check, the content endpoint, the browser's auth store): an
 * 'admin' row makes her an admin (all of the admin), else an 'editor' row an editor (the content
 * editor only), else she has no part of the admin. Runtime-free.
 */

export type AppRole = 'admin' | 'editor';

/** Her part of the admin from her role rows (`[{ role }]`, as her own RLS shows them), or null. */
export function roleOfRows(rows: unknown): AppRole | null {
  const held = new Set(Array.isArray(rows) ? rows.map((row) => (row as { role?: unknown } | null)?.role) : []);
  return held.has('admin') ? 'admin' : held.has('editor') ? 'editor' : null;
}

/** Whether `role` reaches a part of the admin open to `wanted`: an admin reaches every part an editor does. */
export function reaches(role: AppRole | null, wanted: readonly AppRole[]): boolean {
  return role !== null && (wanted.includes(role) || (role === 'admin' && wanted.includes('editor')));
}
