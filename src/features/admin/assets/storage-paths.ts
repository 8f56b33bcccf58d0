/**
 * Paths in the storage bucket, as the admin's cloud files view walks them: folders ('' is the
 * bucket's top level, 'hero' a folder, no leading or trailing slash), the path of an entry, the
 * breadcrumb, the folder new uploads go to, and paging through a folder's listing.
 *
 * Storage lists one folder level per call, at most `limit` entries from `offset` (folders are
 * entries without an id). A page asks for one entry more than it shows, so it knows whether a
 * next page exists without an empty last page.
 */

/** Where the Upload New form puts files: the site reads its own media from other folders. */
export const UPLOADS_FOLDER = 'uploads';

/** Entries shown per page of a folder. */
export const LIST_PAGE_SIZE = 100;

/** A folder path without leading, trailing or doubled slashes. */
export function normalizeFolder(folder: string): string {
  return folder
    .split('/')
    .filter((segment) => segment.length > 0)
    .join('/');
}

/** The full object path of `name` inside `folder`. */
export function joinPath(folder: string, name: string): string {
  const base = normalizeFolder(folder);
  return base ? `${base}/${name}` : name;
}

/** The folder above; the top level stays the top level. */
export function parentFolder(folder: string): string {
  const segments = normalizeFolder(folder).split('/');
  return segments.slice(0, -1).join('/');
}

/** The folder an object lives in, and its name there. */
export function splitPath(path: string): { folder: string; name: string } {
  const segments = normalizeFolder(path).split('/');
  const name = segments.pop() ?? '';
  return { folder: segments.join('/'), name };
}

/** Each folder from the top level down to `folder`: the breadcrumb. */
export function breadcrumbTrail(folder: string): { name: string; path: string }[] {
  const segments = normalizeFolder(folder).split('/').filter(Boolean);
  return segments.map((name, index) => ({ name, path: segments.slice(0, index + 1).join('/') }));
}

/** The object path of a file uploaded with the Upload New form. */
export function uploadObjectPath(filename: string): string {
  if (!filename || filename.includes('/')) throw new Error(`Not a file name: ${filename}`);
  return joinPath(UPLOADS_FOLDER, filename);
}

/** The list options of page `page` (0-based), sorted by name. */
export function listPageOptions(page: number, pageSize = LIST_PAGE_SIZE) {
  const index = Number.isInteger(page) && page > 0 ? page : 0;
  return { limit: pageSize + 1, offset: index * pageSize, sortBy: { column: 'name', order: 'asc' } } as const;
}

export interface ListedEntry {
  name: string;
  id: string | null;
}

/**
 * One page of a listing answered for `listPageOptions`: its folders and files in the order
 * storage gave them, whether a next page exists, and the 1-based numbers of the first and last
 * entry shown (0 and 0 for an empty page).
 */
export function pageOfListing<T extends ListedEntry>(entries: readonly T[], page: number, pageSize = LIST_PAGE_SIZE) {
  const shown = entries.slice(0, pageSize);
  const first = page * pageSize;
  return {
    folders: shown.filter((entry) => entry.id === null),
    files: shown.filter((entry) => entry.id !== null),
    hasNext: entries.length > pageSize,
    from: shown.length ? first + 1 : 0,
    to: first + shown.length,
  };
}
