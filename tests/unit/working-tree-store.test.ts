/**
 * The working-tree store (`npm run dev`): the contract every content store keeps, on a copy of
 * the checkout's content, then what only a store on disk has to care about: links that lead
 * out, half-written files, two saves at once.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContentPathError, StaleFileError, type Author } from '../../src/features/content-editor/server/store';
import { workingTreeStore } from '../../src/features/content-editor/server/working-tree-store';
import { contentStoreContract, seedCheckout } from '../support/content-store-contract';

const AUTHOR: Author = { name: 'admin@example.com', email: 'admin@example.com' };
const text = (value: string) => new TextEncoder().encode(value);
const TESTIMONIALS = 'src/content/testimonials.json';

let seed: string;
beforeAll(() => {
  seed = seedCheckout();
});

/** A fresh copy of the seed's content, the store rooted there. */
function freshRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'working-tree-'));
  cpSync(join(seed, 'src'), join(root, 'src'), { recursive: true });
  return root;
}

describe('the working-tree store keeps the content store contract', () => {
  contentStoreContract(
    () => seed,
    async () => {
      const root = freshRoot();
      const fileNow = (path: string) => (existsSync(join(root, path)) ? new Uint8Array(readFileSync(join(root, path))) : null);
      return {
        store: workingTreeStore(root),
        fileNow,
        changeElsewhere: async (path, content) => writeFileSync(join(root, path), content),
        commits: () => null,
      };
    },
  );
});

describe('the working-tree store on disk', () => {
  let root: string;
  let outside: string;
  beforeEach(() => {
    root = freshRoot();
    outside = mkdtempSync(join(tmpdir(), 'outside-'));
    writeFileSync(join(outside, 'secret.json'), '{"secret":true}\n');
  });

  it('refuses a link that leads out of the folder, to a folder or a file, and writes nothing there', async () => {
    symlinkSync(outside, join(root, 'src/content/out'));
    symlinkSync(join(outside, 'secret.json'), join(root, 'src/content/secret.json'));
    symlinkSync(join(outside, 'nothing.json'), join(root, 'src/content/dangling.json'));
    const store = workingTreeStore(root);
    await expect(store.read('src/content/out/secret.json')).rejects.toThrow(ContentPathError);
    await expect(store.read('src/content/secret.json')).rejects.toThrow('"src/content/secret.json" leads out of the repository through a link');
    await expect(store.list('src/content/out')).rejects.toThrow(ContentPathError);
    await expect(store.save([{ path: 'src/content/out/new.json', content: text('{}') }], 'Content: out', AUTHOR)).rejects.toThrow(ContentPathError);
    await expect(store.save([{ path: 'src/content/secret.json', content: text('{}') }], 'Content: out', AUTHOR)).rejects.toThrow(ContentPathError);
    await expect(store.save([{ path: 'src/content/dangling.json', content: text('{}') }], 'Content: out', AUTHOR)).rejects.toThrow(ContentPathError);
    expect(readdirSync(outside)).toEqual(['secret.json']);
    expect(readFileSync(join(outside, 'secret.json'), 'utf8')).toBe('{"secret":true}\n');
    // the links are left out of listings
    expect((await store.list('src/content')).map((entry) => entry.path)).not.toEqual(expect.arrayContaining(['src/content/out']));
  });

  it('follows a link that stays inside the folder, and writes the file it points to', async () => {
    symlinkSync(join(root, 'src/content/testimonials.json'), join(root, 'src/content/alias.json'));
    const store = workingTreeStore(root);
    const opened = await store.read('src/content/alias.json');
    await store.save([{ path: 'src/content/alias.json', content: text('[3]\n'), baseSha: opened!.sha }], 'Content: alias', AUTHOR);
    expect(readFileSync(join(root, TESTIMONIALS), 'utf8')).toBe('[3]\n');
  });

  it('refuses to write a file where a folder is, or under a file; nothing of the save is written and no temporary file stays', async () => {
    const store = workingTreeStore(root);
    await expect(store.save([{ path: 'src/content/resources', content: text('{}') }], 'Content: folder', AUTHOR)).rejects.toThrow(
      '"src/content/resources" is a folder, not a file',
    );
    const before = readFileSync(join(root, TESTIMONIALS));
    const save = store.save(
      [
        { path: TESTIMONIALS, content: text('[4]\n') },
        { path: 'src/content/testimonials.json/under.json', content: text('{}') },
      ],
      'Content: under a file',
      AUTHOR,
    );
    await expect(save).rejects.toThrow();
    expect(readFileSync(join(root, TESTIMONIALS)).equals(before)).toBe(true);
    expect(readdirSync(join(root, 'src/content')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('writes through a temporary file in the same folder, renamed over the target: no temporary file stays', async () => {
    const store = workingTreeStore(root);
    const big = text(`[${'"x",'.repeat(200_000)}"y"]\n`);
    await store.save([{ path: TESTIMONIALS, content: big }], 'Content: big', AUTHOR);
    expect(readFileSync(join(root, TESTIMONIALS)).equals(Buffer.from(big))).toBe(true);
    expect(readdirSync(join(root, 'src/content')).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('takes two saves at once in turn: of two saves on the same version, the second is refused as stale', async () => {
    const first = workingTreeStore(root);
    const second = workingTreeStore(root);
    const opened = await first.read(TESTIMONIALS);
    const results = await Promise.allSettled([
      first.save([{ path: TESTIMONIALS, content: text('["first"]\n'), baseSha: opened!.sha }], 'Content: one', AUTHOR),
      second.save([{ path: TESTIMONIALS, content: text('["second"]\n'), baseSha: opened!.sha }], 'Content: two', AUTHOR),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(StaleFileError);
    expect(readFileSync(join(root, TESTIMONIALS), 'utf8')).toBe('["first"]\n');
  });

  it('rooted at a folder that does not exist, fails only when used (made and not used, it fails nothing)', async () => {
    workingTreeStore(join(outside, 'no-such-checkout'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const store = workingTreeStore(join(outside, 'no-such-checkout'));
    await expect(store.read(TESTIMONIALS)).rejects.toThrow('ENOENT');
  });

  it('goes on saving after a save failed', async () => {
    const store = workingTreeStore(root);
    await expect(store.save([{ path: TESTIMONIALS, content: text('[]'), baseSha: null }], 'Content: stale', AUTHOR)).rejects.toThrow(StaleFileError);
    mkdirSync(join(root, 'src/content/fresh'));
    await store.save([{ path: 'src/content/fresh/a.json', content: text('{}') }], 'Content: after', AUTHOR);
    expect(readFileSync(join(root, 'src/content/fresh/a.json'), 'utf8')).toBe('{}');
  });
});
