/**
 * What every content store must do (src/features/content-editor/store.ts), run against each:
 * the working tree (tests/unit/working-tree-store.test.ts) and the GitHub store against the fake
 * GitHub (tests/unit/github-store.test.ts). Both start from a copy of the checkout's
 * `src/content/` committed to a git repository of its own (seedCheckout), so listings and shas
 * are checked against git's.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, expect, it } from 'vitest';
import { ContentPathError, gitBlobSha, StaleFileError, type Author, type ContentStore } from '../../src/features/content-editor/server/store';

const checkout = fileURLToPath(new URL('../..', import.meta.url));

/** A folder holding a copy of the checkout's `src/content/`, committed with git. */
export function seedCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-seed-'));
  cpSync(join(checkout, 'src/content'), join(dir, 'src/content'), { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=Seed', '-c', 'user.email=seed@example.com', 'commit', '-q', '-m', 'seed');
  return dir;
}

/** `git ls-tree` of a folder in the seed: [{ path, type, sha, size }]. */
export function gitListing(seed: string, dir: string) {
  const lines = execFileSync('git', ['ls-tree', '--long', 'HEAD', `${dir}/`], { cwd: seed, encoding: 'utf8' })
    .trim()
    .split('\n');
  return lines.map((line) => {
    const [meta, path] = line.split('\t') as [string, string];
    const [, type, sha, size] = meta.split(/\s+/) as [string, string, string, string];
    return { path, type: type === 'tree' ? 'dir' : 'file', sha, size: size === '-' ? 0 : Number(size) };
  });
}

export interface StoreUnderTest {
  store: ContentStore;
  /** A file's bytes where the store keeps it (on disk, on the branch), or null. */
  fileNow: (path: string) => Uint8Array | null;
  /** Someone else changes a file there (an edit on disk, a push). */
  changeElsewhere: (path: string, content: Uint8Array) => Promise<void>;
  /** The commits on the branch, newest first (GitHub), or null (the working tree has none). */
  commits: () => { sha: string; message: string; author: { name: string; email: string }; files: { path: string; status: string }[] }[] | null;
}

const text = (value: string) => new TextEncoder().encode(value);
const AUTHOR: Author = { name: 'admin@example.com', email: 'admin@example.com' };
const TESTIMONIALS = 'src/content/testimonials.json';
const GUIDE = 'src/content/resources/strength-starter.json';
const IMAGE = 'src/content/images/resources/strength-starter.png';
/** The start of a real PNG: not UTF-8, so it must travel as bytes. */
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe, 0x00, 0x80]);

export function contentStoreContract(seed: () => string, start: () => Promise<StoreUnderTest>) {
  let under: StoreUnderTest;
  beforeEach(async () => {
    under = await start();
  });
  const original = (path: string) => new Uint8Array(readFileSync(join(seed(), path)));
  const commitCount = () => under.commits()?.length ?? 0;

  it('reads a file with its git blob sha; a missing file or a folder is null', async () => {
    const file = await under.store.read(TESTIMONIALS);
    expect(file?.path).toBe(TESTIMONIALS);
    expect(Buffer.from(file!.content).equals(Buffer.from(original(TESTIMONIALS)))).toBe(true);
    expect(file?.sha).toBe(execFileSync('git', ['rev-parse', `HEAD:${TESTIMONIALS}`], { cwd: seed(), encoding: 'utf8' }).trim());
    expect(await under.store.read('src/content/nothing-here.json')).toBeNull();
    expect(await under.store.read('src/content/resources')).toBeNull();
  });

  it('reads an image byte for byte', async () => {
    const [image] = gitListing(seed(), 'src/content/images/resources');
    const file = await under.store.read(image!.path);
    expect(file?.sha).toBe(image!.sha);
    expect(Buffer.from(file!.content).equals(Buffer.from(original(image!.path)))).toBe(true);
  });

  it("lists a folder's files and folders one level deep as git does; a missing folder is empty", async () => {
    expect(await under.store.list('src/content/resources')).toEqual(gitListing(seed(), 'src/content/resources'));
    const top = await under.store.list('src/content');
    expect(top).toEqual(gitListing(seed(), 'src/content'));
    expect(top.filter((entry) => entry.type === 'dir').map((entry) => entry.path)).toEqual(
      expect.arrayContaining(['src/content/images', 'src/content/pages', 'src/content/resources']),
    );
    expect(await under.store.list('src/content/no-such-folder')).toEqual([]);
  });

  it('saves a new file (its folder made as needed), with its sha; it reads and lists back', async () => {
    const content = text('{"title":"Strength Starter"}\n');
    const result = await under.store.save(
      [{ path: 'src/content/new-folder/strength.json', content, baseSha: null }],
      'Content: strength.json (by admin@example.com)',
      AUTHOR,
    );
    const sha = await gitBlobSha(content);
    expect(result.files).toEqual([{ path: 'src/content/new-folder/strength.json', sha }]);
    expect(under.fileNow('src/content/new-folder/strength.json')).toEqual(content);
    expect((await under.store.read('src/content/new-folder/strength.json'))?.sha).toBe(sha);
    expect(await under.store.list('src/content/new-folder')).toEqual([{ path: 'src/content/new-folder/strength.json', type: 'file', sha, size: content.byteLength }]);
    if (under.commits()) {
      expect(result.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(under.commits()![0]).toEqual({
        sha: result.commit,
        message: 'Content: strength.json (by admin@example.com)',
        author: AUTHOR,
        files: [{ path: 'src/content/new-folder/strength.json', status: 'added' }],
      });
    } else expect(result.commit).toBeNull();
  });

  it("lists in git's order, as GitHub does: a folder sorts as if its name ended in /", async () => {
    await under.store.save(
      [
        { path: 'src/content/order/a/b.json', content: text('{}') },
        { path: 'src/content/order/a.json', content: text('{}') },
        { path: 'src/content/order/a-b.json', content: text('{}') },
      ],
      'Content: order',
      AUTHOR,
    );
    expect((await under.store.list('src/content/order')).map((entry) => entry.path)).toEqual([
      'src/content/order/a-b.json',
      'src/content/order/a.json',
      'src/content/order/a',
    ]);
  });

  it('modifies a file saved on the version it was opened at', async () => {
    const opened = await under.store.read(TESTIMONIALS);
    const content = text(new TextDecoder().decode(opened!.content).replace('"', '"x'));
    const result = await under.store.save([{ path: TESTIMONIALS, content, baseSha: opened!.sha }], 'Content: testimonials.json', AUTHOR);
    expect(result.files).toEqual([{ path: TESTIMONIALS, sha: await gitBlobSha(content) }]);
    expect(under.fileNow(TESTIMONIALS)).toEqual(content);
    expect(under.commits()?.[0]?.files ?? [{ path: TESTIMONIALS, status: 'modified' }]).toEqual([{ path: TESTIMONIALS, status: 'modified' }]);
  });

  it('deletes a file (content null); deleting one that is not there changes nothing', async () => {
    const [first] = gitListing(seed(), 'src/content/resources');
    const before = commitCount();
    const result = await under.store.save([{ path: first!.path, content: null, baseSha: first!.sha }], 'Content: delete', AUTHOR);
    expect(result.files).toEqual([{ path: first!.path, sha: null }]);
    expect(under.fileNow(first!.path)).toBeNull();
    expect(await under.store.read(first!.path)).toBeNull();
    expect((await under.store.list('src/content/resources')).map((entry) => entry.path)).not.toContain(first!.path);
    if (under.commits()) expect(under.commits()![0]!.files).toEqual([{ path: first!.path, status: 'removed' }]);
    await under.store.save([{ path: 'src/content/resources/never-was.json', content: null }], 'Content: delete', AUTHOR);
    expect(commitCount()).toBe(before + (under.commits() ? 1 : 0));
  });

  it('saves an entry with its image at once: one commit holding both, the image byte for byte', async () => {
    const before = commitCount();
    const entry = text('{"title":"Strength Starter","image":"../images/resources/strength-starter.png"}\n');
    const result = await under.store.save(
      [
        { path: GUIDE, content: entry, baseSha: null },
        { path: IMAGE, content: PNG, baseSha: null },
      ],
      'Content: strength-starter.json (by admin@example.com)',
      AUTHOR,
    );
    expect(result.files).toEqual([
      { path: GUIDE, sha: await gitBlobSha(entry) },
      { path: IMAGE, sha: await gitBlobSha(PNG) },
    ]);
    expect(under.fileNow(IMAGE)).toEqual(PNG);
    expect((await under.store.read(IMAGE))?.content).toEqual(PNG);
    if (under.commits()) {
      expect(commitCount()).toBe(before + 1);
      expect(under.commits()![0]!.files).toEqual([
        { path: IMAGE, status: 'added' },
        { path: GUIDE, status: 'added' },
      ]);
    }
  });

  it('refuses a save based on an older version with StaleFileError, and writes none of it', async () => {
    const opened = await under.store.read(TESTIMONIALS);
    await under.changeElsewhere(TESTIMONIALS, text('[]\n'));
    const before = commitCount();
    const save = under.store.save(
      [
        { path: GUIDE, content: text('{}\n'), baseSha: null },
        { path: TESTIMONIALS, content: text('[1]\n'), baseSha: opened!.sha },
      ],
      'Content: stale',
      AUTHOR,
    );
    await expect(save).rejects.toThrow(StaleFileError);
    await expect(save).rejects.toMatchObject({ path: TESTIMONIALS, message: `${TESTIMONIALS} changed since you opened it` });
    expect(under.fileNow(TESTIMONIALS)).toEqual(text('[]\n'));
    expect(under.fileNow(GUIDE)).toBeNull();
    expect(commitCount()).toBe(before);
  });

  it('refuses a new file (baseSha null) where one exists, and a version for a file that is gone', async () => {
    const before = commitCount();
    await expect(under.store.save([{ path: TESTIMONIALS, content: text('[]\n'), baseSha: null }], 'Content: new', AUTHOR)).rejects.toThrow(StaleFileError);
    const gone = under.store.save([{ path: 'src/content/resources/never-was.json', content: text('{}\n'), baseSha: 'a'.repeat(40) }], 'Content: old', AUTHOR);
    await expect(gone).rejects.toMatchObject({ name: 'StaleFileError', path: 'src/content/resources/never-was.json' });
    expect(under.fileNow(TESTIMONIALS)).toEqual(original(TESTIMONIALS));
    expect(commitCount()).toBe(before);
  });

  it('takes a save that names no version as it is, over a newer file', async () => {
    await under.changeElsewhere(TESTIMONIALS, text('[]\n'));
    await under.store.save([{ path: TESTIMONIALS, content: text('[2]\n') }], 'Content: unversioned', AUTHOR);
    expect(under.fileNow(TESTIMONIALS)).toEqual(text('[2]\n'));
  });

  it('refuses a path outside the repository, or into .git, before anything else; a path named twice in a save', async () => {
    const bad = [
      '../outside.json',
      '/etc/passwd',
      'src/content/../../outside.json',
      'src/./content/x.json',
      'src//content/x.json',
      '.git/config',
      'src\\content\\x.json',
      'src/content/x\u0000.json',
      '',
    ];
    for (const path of bad) {
      await expect(under.store.read(path), path).rejects.toThrow(ContentPathError);
      await expect(under.store.save([{ path, content: text('{}') }], 'Content: bad', AUTHOR), path).rejects.toThrow(ContentPathError);
      if (path) await expect(under.store.list(path), path).rejects.toThrow(ContentPathError);
    }
    const before = commitCount();
    await expect(
      under.store.save(
        [
          { path: GUIDE, content: text('{}') },
          { path: GUIDE, content: null },
        ],
        'Content: twice',
        AUTHOR,
      ),
    ).rejects.toThrow(`${GUIDE} is named twice in one save`);
    expect(under.fileNow(GUIDE)).toBeNull();
    expect(commitCount()).toBe(before);
  });
}
