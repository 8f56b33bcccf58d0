/**
 * The content store of `npm run dev`: the files of the checkout, read and written in place, so the
 * dev server shows a save at once. Node only.
 *
 * A save checks every change's base version against the file on disk before it writes anything,
 * then writes each new file beside its target under a temporary name and renames it over the
 * target (a crash leaves the old file or the new one, never half of one). Saves into one folder
 * take turns within the process. A path that leaves the folder (`..`, absolute, a link pointing
 * out) is refused, whatever the caller checked before.
 */
import { randomUUID } from 'node:crypto';
import { type Dirent } from 'node:fs';
import { lstat, mkdir, open, readFile, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { gitTreeSha, type TreeItem } from './git-objects';
import { checkContentPath, ContentPathError, gitBlobSha, StaleFileError, type ContentStore, type FileChange, type ListedFile, type SaveResult } from './store';

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

/** Git's order, as GitHub lists a folder: by the name's bytes, a folder's as if it ended in `/`. */
const gitOrderKey = (entry: Dirent) => Buffer.from(entry.isDirectory() ? `${entry.name}/` : entry.name);

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';

export function workingTreeStore(rootDir: string): ContentStore {
  let realRoot: Promise<string> | undefined;
  const rootOf = () => (realRoot ??= realpath(rootDir));

  const inside = (root: string, real: string) => real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);

  /**
   * The real place of `path` on disk: links followed, and refused when they lead out of the
   * folder. The part that does not exist yet is joined to the deepest part that does.
   */
  async function locate(path: string, options?: { root: boolean }): Promise<string> {
    checkContentPath(path, options);
    const root = await rootOf();
    const parts = path === '' ? [] : path.split('/');
    let existing = root;
    let index = 0;
    for (; index < parts.length; index += 1) {
      const next = join(existing, parts[index]!);
      try {
        await lstat(next);
      } catch (error) {
        if (missing(error)) break;
        throw error;
      }
      try {
        existing = await realpath(next);
      } catch (error) {
        if (missing(error)) throw new ContentPathError(path, 'is a link to nothing');
        throw error;
      }
      if (!inside(root, existing)) throw new ContentPathError(path, 'leads out of the repository through a link');
    }
    return join(existing, ...parts.slice(index));
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

  /** A folder's git tree items: its files and, recursively, its folders (links left out). */
  async function treeItems(place: string): Promise<TreeItem[]> {
    const items: TreeItem[] = [];
    for (const entry of await readdir(place, { withFileTypes: true })) {
      const child = join(place, entry.name);
      if (entry.isFile()) {
        const executable = ((await stat(child)).mode & 0o111) !== 0;
        items.push({ name: entry.name, mode: executable ? '100755' : '100644', sha: await gitBlobSha(new Uint8Array(await readFile(child))) });
      } else if (entry.isDirectory()) {
        const inner = await treeItems(child);
        // git keeps no empty folder
        if (inner.length > 0) items.push({ name: entry.name, mode: '40000', sha: await gitTreeSha(inner) });
      }
    }
    return items;
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

  return {
    kind: 'working-tree',

    async read(path) {
      const content = await bytesAt(await locate(path));
      return content && { path, sha: await gitBlobSha(content), content };
    },

    async list(dir) {
      const place = await locate(dir, { root: true });
      let entries;
      try {
        entries = await readdir(place, { withFileTypes: true });
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
      const listed: ListedFile[] = [];
      for (const entry of entries.sort((a, b) => Buffer.compare(gitOrderKey(a), gitOrderKey(b)))) {
        const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
        const child = join(place, entry.name);
        if (entry.isFile()) {
          const content = new Uint8Array(await readFile(child));
          listed.push({ path, type: 'file', sha: await gitBlobSha(content), size: content.byteLength });
        } else if (entry.isDirectory()) {
          listed.push({ path, type: 'dir', sha: await gitTreeSha(await treeItems(child)), size: 0 });
        }
      }
      return listed;
    },

    async save(changes, _message, _author) {
      const root = await rootOf();
      return inTurn(root, async () => {
        const places = await placesOf(changes, locate);
        for (const [index, change] of changes.entries()) {
          if (change.baseSha === undefined) continue;
          const current = await bytesAt(places[index]!);
          const currentSha = current && (await gitBlobSha(current));
          if (currentSha !== change.baseSha) throw new StaleFileError(change.path);
        }
        const written: { temporary: string; place: string }[] = [];
        try {
          for (const [index, change] of changes.entries()) {
            if (change.content) written.push({ temporary: await writeBeside(places[index]!, change.content), place: places[index]! });
          }
        } catch (error) {
          await Promise.all(written.map(({ temporary }) => rm(temporary, { force: true })));
          throw error;
        }
        for (const { temporary, place } of written) await rename(temporary, place);
        for (const [index, change] of changes.entries()) if (!change.content) await rm(places[index]!, { force: true });
        const files: SaveResult['files'] = [];
        for (const change of changes) files.push({ path: change.path, sha: change.content && (await gitBlobSha(change.content)) });
        return { commit: null, files };
      });
    },
  };
}

/** Each change's real place, in order; a path named twice, or a folder in the way, is refused before anything is read. */
async function placesOf(changes: FileChange[], locate: (path: string) => Promise<string>): Promise<string[]> {
  const seen = new Set<string>();
  const places: string[] = [];
  for (const change of changes) {
    if (seen.has(change.path)) throw new Error(`${change.path} is named twice in one save`);
    seen.add(change.path);
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
