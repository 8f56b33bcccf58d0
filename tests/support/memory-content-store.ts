/**
 * A content store in memory (src/features/content-editor/server/store.ts), seeded with the
 * checkout's src/content/: the content endpoint's protocol tests run on it. It records every save,
 * and, like a branch someone else pushes to, can change under a save between its plan and its
 * write (`beforeNextWrite`): the save then plans again on the new content.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Author,
  type ContentSnapshot,
  type ContentStore,
  type FileChange,
  type TreeFile,
  checkChanges,
  gitBlobSha,
} from '../../src/features/content-editor/server/store';

const root = fileURLToPath(new URL('../../', import.meta.url));
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));

export interface MemoryStore extends ContentStore {
  files: Map<string, Uint8Array>;
  saves: { changes: FileChange[]; message: string; author: Author }[];
  /** How many times a plan ran. */
  plans: number;
  /** Someone else's change, made once just after the next plan and before its write. */
  beforeNextWrite(change: () => void): void;
}

export function memoryStore(seed: Map<string, Uint8Array> = seedOfCheckout()): MemoryStore {
  const files = new Map(seed);
  let version = 0;
  let pending: (() => void) | null = null;

  async function snapshot(): Promise<ContentSnapshot & { version: number }> {
    const listed = new Map<string, TreeFile>();
    const bytes = new Map(files);
    for (const [path, content] of bytes) listed.set(path, { path, sha: await gitBlobSha(content), size: content.length });
    return {
      version,
      files: listed,
      async read(paths) {
        return new Map(paths.filter((path) => listed.has(path)).map((path) => [path, { ...listed.get(path)!, content: bytes.get(path)! }]));
      },
    };
  }

  const store: MemoryStore = {
    kind: 'github',
    files,
    saves: [],
    plans: 0,
    beforeNextWrite(change) {
      pending = change;
    },
    snapshot,
    async transact(plan, author) {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const at = await snapshot();
        store.plans += 1;
        const planned = await plan(at);
        checkChanges(planned.changes);
        const elsewhere = pending;
        pending = null;
        if (elsewhere) {
          elsewhere();
          version += 1;
        }
        if (at.version !== version) continue;
        if (planned.changes.length === 0) return { result: planned.result, saved: { commit: null, files: [] } };
        store.saves.push({ changes: planned.changes, message: planned.message, author });
        for (const change of planned.changes) {
          if (change.content) files.set(change.path, change.content);
          else files.delete(change.path);
        }
        version += 1;
        const saved = await Promise.all(planned.changes.map(async (change) => ({ path: change.path, sha: change.content ? await gitBlobSha(change.content) : null })));
        return { result: planned.result, saved: { commit: `c${store.saves.length}`, files: saved } };
      }
      throw new Error('the content kept changing while saving');
    },
  };
  return store;
}

/** The checkout's src/content/, by repository path. */
export function seedOfCheckout(): Map<string, Uint8Array> {
  return new Map(walk(join(root, 'src/content')).map((file) => [relative(root, file), new Uint8Array(readFileSync(file))]));
}
