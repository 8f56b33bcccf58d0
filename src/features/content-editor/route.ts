/** Where the content editor lives: its own page inside the admin, entered with a full page load. */
export const EDITOR_PATH = '/admin/content';

export function isEditorPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === EDITOR_PATH;
}
