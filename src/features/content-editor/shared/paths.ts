/**
 * Which paths the content editor may read and write: the content files (each in its collection,
 * src/lib/content-collections.ts) and the pictures under src/content/images/. Anything else (another
 * folder, `..`, an absolute path, a backslash) is refused before a store is asked.
 */
import { CONTENT_DIR, collectionOfFile } from '~/lib/content-collections';

export const IMAGES_DIR = `${CONTENT_DIR}/images`;

/** A picture's file name: lower-case letters, digits, dots, dashes and underscores, and a picture's ending. */
export const SAFE_IMAGE_NAME = /^[a-z0-9][a-z0-9._-]{0,99}\.(?:jpe?g|png|webp|avif)$/;

/**
 * A repository path written the one way, the only form either store and the endpoint take: parts
 * joined by `/`, each of letters, digits, `.`, `_` and `-` starting with a letter, digit or `_`
 * (so no empty part, no `.`, `..` or `.git`), no leading or trailing slash, at most 300 characters.
 */
export function isCleanPath(path: unknown): path is string {
  if (typeof path !== 'string' || path.length === 0 || path.length > 300) return false;
  return path.split('/').every((segment) => /^[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(segment));
}

/** A path that is not one the stores take (isCleanPath), or that leads out through a link. */
export class ContentPathError extends Error {
  readonly path: string;
  constructor(path: string, why = 'is not a path inside the repository') {
    super(`${JSON.stringify(path)} ${why}`);
    this.name = 'ContentPathError';
    this.path = path;
  }
}

/** Throws ContentPathError unless `path` is clean; `''` (the repository's top folder) only where `root` allows it. */
export function checkContentPath(path: string, { root = false } = {}): void {
  if (path === '' && root) return;
  if (!isCleanPath(path)) throw new ContentPathError(String(path));
}

/** Whether `path` is a content file the editor may read or write (an existing collection's file, or a new entry of a folder). */
export function isContentFile(path: unknown): path is string {
  return isCleanPath(path) && path.endsWith('.json') && collectionOfFile(path) !== null;
}

/** Whether `folder` is a folder of pictures under src/content/images/ (one level: images/<collection>). */
export function isImageFolder(folder: unknown): folder is string {
  return isCleanPath(folder) && folder.startsWith(`${IMAGES_DIR}/`) && !folder.slice(IMAGES_DIR.length + 1).includes('/');
}

/** Whether `path` is a picture's path in one of those folders, with a safe name. */
export function isImagePath(path: unknown): path is string {
  if (!isCleanPath(path)) return false;
  const slash = path.lastIndexOf('/');
  return isImageFolder(path.slice(0, slash)) && SAFE_IMAGE_NAME.test(path.slice(slash + 1));
}

/** The folder of a path. */
export const folderOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/** A path written in a content file (`../images/x.jpg`, `./images/x.jpg`) as a repository path, from the file's folder; null when it leaves the repository. */
export function resolveFrom(file: string, written: string): string | null {
  if (written.startsWith('/') || written.includes('\\')) return null;
  const parts = folderOf(file).split('/');
  for (const segment of written.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (!parts.pop()) return null;
    } else parts.push(segment);
  }
  return parts.join('/');
}

/** The path from folder `from` to `to` (both from the repository's root), as a content file writes it: `../images/resources`. */
export function relativePath(from: string, to: string): string {
  const a = from.split('/');
  const b = to.split('/');
  let common = 0;
  while (common < a.length && a[common] === b[common]) common += 1;
  const up = a.length - common;
  return `${up ? '../'.repeat(up) : './'}${b.slice(common).join('/')}`;
}
