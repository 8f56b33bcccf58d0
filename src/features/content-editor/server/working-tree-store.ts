/**
 * The content store of `npm run dev`: the files of the checkout, read and written in place, so the
 * dev server shows a save at once. Node only.
 *
 * A snapshot lists the regular files under src/content as they are when it is taken, each with its
 * git blob sha; links are neither listed nor followed (one could lead out of the checkout), and a
 * change through one is refused. The working tree keeps no history: a file read from a snapshot is
 * read as it is on disk then, with the sha of what was read.
 *
 * A transaction runs within the folder's turn (saves of this process take turns). The plan runs on
 * a snapshot; before anything is written, each file the plan read or changes must still be as the
 * snapshot listed it (an editor or `git checkout` may have changed it meanwhile): if one is not,
 * the plan runs again on a new snapshot, three times at most. Each new file is written beside its
 * target under a temporary name, all of them before any is renamed over its target (a failure
 * leaves the old files; a crash leaves the old file or the new one, never half of one).
 */
import { randomUUID } from 'node:crypto';
import { lstat, mkdir, open, readFile, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CONTENT_DIR } from '~/lib/content-collections';
import {
  checkChanges,
  checkContentPath,
  ContentPathError,
  gitBlobSha,
  type ContentSnapshot,
  type ContentStore,
  type FileChange,
  type StoredFile,
  type TreeFile,
} from './store';

/** Tries when the files a plan saw change on disk before its write. */
const ATTEMPTS = 3;

const turns = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier save into the same folder has finished. */
function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = turns.get(key) ?? Promise.resolve();
  const result = before.then(work, work);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  turns.set(key, settled);
  void settled.then(() => turns.get(key) === settled && turns.delete(key));
  return result;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';

export function workingTreeStore(rootDir: string): ContentStore {
  let realRoot: Promise<string> | undefined;
  const rootOf = () => (realRoot ??= realpath(rootDir));

  /**
   * The place of `path` on disk. A link on the way is refused: a snapshot lists no file behind
   * one, and one could lead out of the checkout.
   */
  async function locate(path: string): Promise<string> {
    checkContentPath(path);
    let place = await rootOf();
    const parts = path.split('/');
    for (const [index, part] of parts.entries()) {
      let found;
      try {
        found = await lstat(join(place, part));
      } catch (error) {
        if (missing(error)) return join(place, ...parts.slice(index));
        throw error;
      }
      if (found.isSymbolicLink()) throw new ContentPathError(path, 'goes through a link, which the editor does not follow');
      if (index < parts.length - 1 && !found.isDirectory()) throw new ContentPathError(path, 'is inside a file, not a folder');
      place = join(place, part);
    }
    return place;
  }

  /** The bytes at `place`, null when there is no file there (a folder counts as none). */
  async function bytesAt(place: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(place));
    } catch (error) {
      if (missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }

  /** Every regular file in the folder at `place` (its path `folder`) and, not following links, in its folders. */
  async function filesIn(place: string, folder: string, into: TreeFile[]): Promise<TreeFile[]> {
    let entries;
    try {
      entries = await readdir(place, { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return into;
      throw error;
    }
    for (const entry of entries) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) await filesIn(join(place, entry.name), path, into);
      else if (entry.isFile()) {
        const content = await bytesAt(join(place, entry.name));
        if (content) into.push({ path, sha: await gitBlobSha(content), size: content.byteLength });
      }
    }
    return into;
  }

  /** A snapshot, and the paths read through it. */
  async function takeSnapshot(): Promise<{ snapshot: ContentSnapshot; read: Set<string> }> {
    const listed = (await filesIn(await locate(CONTENT_DIR), CONTENT_DIR, [])).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const files = new Map(listed.map((file) => [file.path, file]));
    const read = new Set<string>();
    const snapshot: ContentSnapshot = {
      files,
      async read(paths) {
        const found = new Map<string, StoredFile>();
        for (const path of new Set(paths)) {
          if (!files.has(path)) continue;
          read.add(path);
          const content = await bytesAt(await locate(path));
          if (content) found.set(path, { path, sha: await gitBlobSha(content), size: content.byteLength, content });
        }
        return found;
      },
    };
    return { snapshot, read };
  }

  /** Whether each of `paths` is on disk as `seen` listed it (a path it did not list: still absent). */
  async function stillAsSeen(seen: ContentSnapshot, paths: Iterable<string>): Promise<boolean> {
    for (const path of paths) {
      const content = await bytesAt(await locate(path));
      if ((content && (await gitBlobSha(content))) !== (seen.files.get(path)?.sha ?? null)) return false;
    }
    return true;
  }

  async function writeBeside(place: string, content: Uint8Array): Promise<string> {
    await mkdir(dirname(place), { recursive: true });
    const temporary = join(dirname(place), `.${basename(place)}.${randomUUID()}.tmp`);
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return temporary;
  }

  /** Writes every change, the new files all written beside their targets before any is renamed. */
  async function write(changes: FileChange[], places: string[]) {
    const written: { temporary: string; place: string }[] = [];
    try {
      for (const [index, change] of changes.entries())
        if (change.content) written.push({ temporary: await writeBeside(places[index]!, change.content), place: places[index]! });
    } catch (error) {
      await Promise.all(written.map(({ temporary }) => rm(temporary, { force: true })));
      throw error;
    }
    for (const { temporary, place } of written) await rename(temporary, place);
    for (const [index, change] of changes.entries()) if (!change.content) await rm(places[index]!, { force: true });
  }

  return {
    kind: 'working-tree',

    snapshot: async () => (await takeSnapshot()).snapshot,

    async transact(plan, _author) {
      return inTurn(await rootOf(), async () => {
        for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
          const { snapshot, read } = await takeSnapshot();
          const { changes, result } = await plan(snapshot);
          checkChanges(changes);
          const places = await placesOf(changes, locate);
          if (!(await stillAsSeen(snapshot, new Set([...read, ...changes.map((change) => change.path)])))) continue;
          await write(changes, places);
          const files = await Promise.all(changes.map(async (change) => ({ path: change.path, sha: change.content && (await gitBlobSha(change.content)) })));
          return { result, saved: { commit: null, files } };
        }
        throw new Error(`The files under ${CONTENT_DIR} kept changing on disk while saving (${ATTEMPTS} tries): save again.`);
      });
    },
  };
}

/** Each change's real place, in order; a path outside src/content, or a folder in the way, is refused before anything is written. */
async function placesOf(changes: FileChange[], locate: (path: string) => Promise<string>): Promise<string[]> {
  const places: string[] = [];
  for (const change of changes) {
    if (!change.path.startsWith(`${CONTENT_DIR}/`)) throw new ContentPathError(change.path, `is not under ${CONTENT_DIR}`);
    const place = await locate(change.path);
    try {
      if ((await stat(place)).isDirectory()) throw new ContentPathError(change.path, 'is a folder, not a file');
    } catch (error) {
      if (!missing(error)) throw error;
    }
    places.push(place);
  }
  return places;
}
