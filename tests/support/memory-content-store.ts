/**
 * A content store in memory (src/features/content-editor/store.ts), seeded with the checkout's
 * src/content/: the content endpoint's protocol tests run on it. It records every save.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Author, type ContentStore, type FileChange, type ListedFile, StaleFileError, gitBlobSha } from '../../src/features/content-editor/server/store';

const root = fileURLToPath(new URL('../../', import.meta.url));
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));

export interface MemoryStore extends ContentStore {
  files: Map<string, Uint8Array>;
  saves: { changes: FileChange[]; message: string; author: Author }[];
}

export function memoryStore(): MemoryStore {
  const files = new Map<string, Uint8Array>(walk(join(root, 'src/content')).map((file) => [relative(root, file), new Uint8Array(readFileSync(file))]));
  const saves: MemoryStore['saves'] = [];
  return {
    kind: 'github',
    files,
    saves,
    async read(path) {
      const content = files.get(path);
      return content ? { path, sha: await gitBlobSha(content), content } : null;
    },
    async list(dir) {
      const seen = new Map<string, ListedFile>();
      for (const [path, content] of files) {
        if (!path.startsWith(`${dir}/`)) continue;
        const [name, ...deeper] = path.slice(dir.length + 1).split('/');
        const at = `${dir}/${name}`;
        seen.set(at, deeper.length ? { path: at, sha: '', type: 'dir', size: 0 } : { path: at, sha: await gitBlobSha(content), type: 'file', size: content.length });
      }
      return [...seen.values()];
    },
    async save(changes, message, author) {
      for (const change of changes) {
        if (change.baseSha === undefined) continue;
        const current = files.get(change.path);
        const sha = current ? await gitBlobSha(current) : null;
        if (sha !== change.baseSha) throw new StaleFileError(change.path);
      }
      saves.push({ changes, message, author });
      for (const change of changes) {
        if (change.content) files.set(change.path, change.content);
        else files.delete(change.path);
      }
      return {
        commit: `c${saves.length}`,
        files: await Promise.all(changes.map(async (change) => ({ path: change.path, sha: change.content ? await gitBlobSha(change.content) : null }))),
      };
    },
  };
}
