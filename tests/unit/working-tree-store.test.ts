/**
 * The working-tree store (`npm run dev`): the contract every content store keeps, on a copy of the
 * checkout's content, then what only a store on disk has to care about: links, half-written files,
 * two saves at once.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContentPathError, type ContentStore } from '../../src/features/content-editor/server/store';
import { workingTreeStore } from '../../src/features/content-editor/server/working-tree-store';
import { AUTHOR, contentStoreContract, gitFiles, seedCheckout, TESTIMONIALS, text } from '../support/content-store-contract';
import { declaredPlan, StalePlanError, type DeclaredPlan } from '../support/declared-plan';

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

function writeFiles(root: string, files: Record<string, Uint8Array | null>) {
  for (const [path, content] of Object.entries(files)) {
    if (content === null) rmSync(join(root, path), { force: true });
    else {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
  }
}

describe('the working-tree store keeps the content store contract', () => {
  contentStoreContract(
    () => seed,
    async () => {
      const root = freshRoot();
      const real = workingTreeStore(root);
      let during: { change: (time: number) => Record<string, Uint8Array | null>; times: number; done: number } | null = null;
      // someone else's edit lands after the plan ran and before the store writes
      const store: ContentStore = {
        kind: real.kind,
        snapshot: () => real.snapshot(),
        transact: (plan, author) =>
          real.transact(async (snapshot) => {
            const planned = await plan(snapshot);
            if (during) {
              during.done += 1;
              writeFiles(root, during.change(during.done));
              if (during.done >= during.times) during = null;
            }
            return planned;
          }, author),
      };
      return {
        store,
        fileNow: (path) => (existsSync(join(root, path)) ? new Uint8Array(readFileSync(join(root, path))) : null),
        changeElsewhere: async (files) => writeFiles(root, files),
        changeDuringNextTransact: (change, times = 1) => {
          during = { change, times, done: 0 };
        },
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
  const transact = (store: ContentStore, plan: DeclaredPlan) => store.transact(declaredPlan(plan), AUTHOR);

  it('neither lists nor follows links, out of the folder or inside it, and writes nothing through one', async () => {
    symlinkSync(outside, join(root, 'src/content/out'));
    symlinkSync(join(outside, 'secret.json'), join(root, 'src/content/secret.json'));
    symlinkSync(join(outside, 'nothing.json'), join(root, 'src/content/dangling.json'));
    symlinkSync(join(root, 'src/content/testimonials.json'), join(root, 'src/content/alias.json'));
    symlinkSync(join(root, 'src/content/resources'), join(root, 'src/content/guides'));
    const store = workingTreeStore(root);
    const snapshot = await store.snapshot();
    expect([...snapshot.files.values()]).toEqual(gitFiles(seed, 'src/content'));
    expect((await snapshot.read(['src/content/secret.json', 'src/content/out/secret.json', 'src/content/alias.json'])).size).toBe(0);
    for (const path of ['src/content/out/new.json', 'src/content/secret.json', 'src/content/dangling.json', 'src/content/alias.json', 'src/content/guides/new.json']) {
      const save = transact(store, { changes: [{ path, content: text('{}') }], message: 'Content: link' });
      await expect(save, path).rejects.toThrow(ContentPathError);
      await expect(save, path).rejects.toThrow(`${JSON.stringify(path)} goes through a link, which the editor does not follow`);
    }
    expect(readdirSync(outside)).toEqual(['secret.json']);
    expect(readFileSync(join(outside, 'secret.json'), 'utf8')).toBe('{"secret":true}\n');
    expect(readFileSync(join(root, TESTIMONIALS))).toEqual(readFileSync(join(seed, TESTIMONIALS)));
  });

  it('refuses to show a src/content that is a link out of the checkout', async () => {
    rmSync(join(root, 'src/content'), { recursive: true });
    symlinkSync(outside, join(root, 'src/content'));
    await expect(workingTreeStore(root).snapshot()).rejects.toThrow('"src/content" goes through a link');
  });

  it('writes nothing when one of the new files cannot be written, and leaves no temporary file', async () => {
    const store = workingTreeStore(root);
    // a name git and the paths' rule take, too long for the temporary file beside it
    const long = `src/content/${'a'.repeat(230)}.json`;
    const save = transact(store, {
      changes: [
        { path: TESTIMONIALS, content: text('[4]\n') },
        { path: long, content: text('{}') },
      ],
      message: 'Content: long',
    });
    await expect(save).rejects.toThrow('ENAMETOOLONG');
    expect(readFileSync(join(root, TESTIMONIALS))).toEqual(readFileSync(join(seed, TESTIMONIALS)));
    expect(readdirSync(join(root, 'src/content')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('writes through a temporary file in the same folder, renamed over the target: no temporary file stays', async () => {
    const store = workingTreeStore(root);
    const big = text(`[${'"x",'.repeat(200_000)}"y"]\n`);
    await transact(store, { changes: [{ path: TESTIMONIALS, content: big }], message: 'Content: big' });
    expect(readFileSync(join(root, TESTIMONIALS)).equals(Buffer.from(big))).toBe(true);
    expect(readdirSync(join(root, 'src/content')).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('takes two transactions at once in turn: of two made on the same version, the second plan sees the first and refuses', async () => {
    const first = workingTreeStore(root);
    const second = workingTreeStore(root);
    const opened = (await first.snapshot()).files.get(TESTIMONIALS)!;
    const save = (store: ContentStore, content: string) =>
      transact(store, { expect: { [TESTIMONIALS]: opened.sha }, changes: [{ path: TESTIMONIALS, content: text(content) }], message: 'Content: two' });
    const results = await Promise.allSettled([save(first, '["first"]\n'), save(second, '["second"]\n')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(StalePlanError);
    expect(readFileSync(join(root, TESTIMONIALS), 'utf8')).toBe('["first"]\n');
  });

  it('rooted at a folder that does not exist, fails only when used (made and not used, it fails nothing)', async () => {
    workingTreeStore(join(outside, 'no-such-checkout'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const store = workingTreeStore(join(outside, 'no-such-checkout'));
    await expect(store.snapshot()).rejects.toThrow('ENOENT');
  });

  it('goes on saving after a plan failed', async () => {
    const store = workingTreeStore(root);
    const failing = store.transact(async () => {
      throw new Error('the plan refuses');
    }, AUTHOR);
    await expect(failing).rejects.toThrow('the plan refuses');
    await transact(store, { changes: [{ path: 'src/content/fresh/a.json', content: text('{}') }], message: 'Content: after' });
    expect(readFileSync(join(root, 'src/content/fresh/a.json'), 'utf8')).toBe('{}');
  });
});
