/**
 * Where the content editor reads and saves the content files: the working tree under
 * `npm run dev` (working-tree-store.ts, Node only), the GitHub repository when deployed
 * (github-store.ts, fetch only). Paths are the repository's (`src/content/testimonials.json`),
 * without a leading slash; a file's version is its git blob sha, the same in both stores, so the
 * editor can send the version it opened and a save based on an older one is refused.
 */
import { gitObjectSha } from './git-objects';

export interface StoredFile {
  path: string;
  /** The git blob sha of `content`. */
  sha: string;
  content: Uint8Array;
}

export interface ListedFile {
  path: string;
  sha: string;
  type: 'file' | 'dir';
  size: number;
}

export interface FileChange {
  path: string;
  /** The new bytes, or null to delete the file. */
  content: Uint8Array | null;
  /**
   * The version the save is based on: a sha (the file must still be at it), null (the file must
   * not exist yet), or undefined (not checked: a save that names no version is taken as it is).
   */
  baseSha?: string | null | undefined;
}

export interface Author {
  name: string;
  email: string;
}

export interface SaveResult {
  /** The commit that holds the change (GitHub), or null (the working tree has no commits). */
  commit: string | null;
  /** Each changed path with its new sha (null: deleted). */
  files: { path: string; sha: string | null }[];
}

export interface ContentStore {
  readonly kind: 'working-tree' | 'github';
  /** A file at the current head, or null when there is none. */
  read(path: string): Promise<StoredFile | null>;
  /** The entries of a folder (one level), or [] when there is no such folder. */
  list(dir: string): Promise<ListedFile[]>;
  /**
   * Writes every change at once (GitHub: one commit with `message`, authored by `author`), or
   * none: a change whose baseSha is not the file's current version throws StaleFileError.
   */
  save(changes: FileChange[], message: string, author: Author): Promise<SaveResult>;
}

/** A save based on an older version of a file than the store's. */
export class StaleFileError extends Error {
  readonly path: string;
  constructor(path: string) {
    super(`${path} changed since you opened it`);
    this.name = 'StaleFileError';
    this.path = path;
  }
}

/** A path that is not a file of the repository: absolute, with `..`, `.` or an empty part, into `.git`, or out through a link. */
export class ContentPathError extends Error {
  readonly path: string;
  constructor(path: string, why = 'is not a path inside the repository') {
    super(`${JSON.stringify(path)} ${why}`);
    this.name = 'ContentPathError';
    this.path = path;
  }
}

/**
 * Throws ContentPathError unless `path` names a place inside the repository in the form both
 * stores use: parts joined by `/`, none empty, `.`, `..` or `.git`, no backslash or control
 * character. `''` (the repository's top folder) only where `root` allows it (listing).
 */
export function checkContentPath(path: string, { root = false } = {}): void {
  if (path === '' && root) return;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (typeof path !== 'string' || /[\\\u0000-\u001f\u007f]/.test(path)) throw new ContentPathError(String(path));
  if (path.split('/').some((part) => part === '' || part === '.' || part === '..' || part.toLowerCase() === '.git')) throw new ContentPathError(path);
}

/** The git blob sha of some bytes: sha1 of `blob <length>\0` and the bytes, as git and GitHub compute it. */
export function gitBlobSha(content: Uint8Array): Promise<string> {
  return gitObjectSha('blob', content);
}
