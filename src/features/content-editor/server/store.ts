/**
 * Where the content editor reads and saves the content files: the working tree under
 * `npm run dev` (working-tree-store.ts, Node only), the GitHub repository when deployed
 * (github-store.ts, fetch only). Paths are the repository's (`src/content/testimonials.json`),
 * without a leading slash (shared/paths.ts); a file's version is its git blob sha, the same in
 * both stores, so the editor can send the version it opened and a save based on an older one is
 * refused.
 *
 * A store shows the content as a snapshot: every file under src/content at one moment (GitHub:
 * one commit of the branch), read from that moment only. A save is a transaction: the endpoint's
 * plan runs on a snapshot (its checks read that snapshot: the versions opened, the pictures that
 * exist, the other entries of a collection) and says what to write; the store writes it on top of
 * that very snapshot, or, when someone else saved in between (the branch moved), runs the plan
 * again on the new one. Every check a plan makes holds for the commit that is made.
 */
import { checkContentPath } from '../shared/paths';
import { gitObjectSha } from './git-objects';

export { ContentPathError, checkContentPath } from '../shared/paths';

/** A file of a snapshot, as its tree lists it. */
export interface TreeFile {
  path: string;
  /** The git blob sha of its content. */
  sha: string;
  size: number;
}

export interface StoredFile extends TreeFile {
  content: Uint8Array;
}

/** The content at one moment. */
export interface ContentSnapshot {
  /** Every file under src/content at this moment, by path (pictures too: no bytes are read). */
  readonly files: ReadonlyMap<string, TreeFile>;
  /**
   * The bytes of these files as they are in this snapshot; a path that is not a file of it is
   * left out. Read together (GitHub: a handful of requests, whatever the number of files).
   */
  read(paths: readonly string[]): Promise<Map<string, StoredFile>>;
}

export interface FileChange {
  path: string;
  /** The new bytes, or null to delete the file. */
  content: Uint8Array | null;
}

export interface Author {
  name: string;
  email: string;
}

/** What a plan asks to write, and what the endpoint answers once it is written. */
export interface Plan<T> {
  changes: FileChange[];
  /** The commit's message (GitHub). */
  message: string;
  result: T;
}

export interface SaveResult {
  /** The commit that holds the change (GitHub), or null (the working tree has no commits, or nothing changed). */
  commit: string | null;
  /** Each changed path with its new sha (null: deleted). */
  files: { path: string; sha: string | null }[];
}

export interface ContentStore {
  readonly kind: 'working-tree' | 'github';
  /** The content now, to read. */
  snapshot(): Promise<ContentSnapshot>;
  /**
   * Runs `plan` on a snapshot and writes what it returns in one go (GitHub: one commit on the
   * snapshot's commit, authored by `author`, the branch moved only as a fast-forward); no change,
   * no write. When the content moved since the snapshot, `plan` runs again on the new one, a few
   * times at most. What `plan` throws is thrown as it is, and nothing is written.
   */
  transact<T>(plan: (snapshot: ContentSnapshot) => Promise<Plan<T>>, author: Author): Promise<{ result: T; saved: SaveResult }>;
}

/** The git blob sha of some bytes: sha1 of `blob <length>\0` and the bytes, as git and GitHub compute it. */
export function gitBlobSha(content: Uint8Array): Promise<string> {
  return gitObjectSha('blob', content);
}

/** Each change's path checked, none named twice; throws before anything is read or written. */
export function checkChanges(changes: readonly FileChange[]): void {
  const seen = new Set<string>();
  for (const change of changes) {
    checkContentPath(change.path);
    if (seen.has(change.path)) throw new Error(`${change.path} is named twice in one save`);
    seen.add(change.path);
  }
}
