/**
 * What every content store must do (src/features/content-editor/server/store.ts), run against
 * each: the working tree (tests/unit/working-tree-store.test.ts), the GitHub store against the
 * fake GitHub in Node (tests/unit/github-store.test.ts) and inside workerd
 * (tests/integration/github-store-workerd.test.ts). Each starts from a copy of the checkout's
 * `src/content/` committed to a git repository of its own (seedCheckout), so snapshots are
 * checked against git's own listing and shas. The plans are declared (tests/support/declared-plan.ts),
 * so the same ones run in the Worker.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, expect, it } from 'vitest';
import { ContentPathError, gitBlobSha, type Author, type ContentStore, type FileChange, type TreeFile } from '../../src/features/content-editor/server/store';
import { declaredPlan, StalePlanError, type DeclaredPlan } from './declared-plan';

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

/** `git ls-tree -r -l` of a folder in the seed: its files, each with git's sha and size, in git's order. */
export function gitFiles(seed: string, dir: string): TreeFile[] {
  const lines = execFileSync('git', ['ls-tree', '-r', '-l', 'HEAD', `${dir}/`], { cwd: seed, encoding: 'utf8' })
    .trim()
    .split('\n');
  return lines.map((line) => {
    const [meta, path] = line.split('\t') as [string, string];
    const [, , sha, size] = meta.split(/\s+/) as [string, string, string, string];
    return { path, sha, size: Number(size) };
  });
}

export interface StoreUnderTest {
  store: ContentStore;
  /** A file's bytes where the store keeps it (on disk, on the branch), or null. */
  fileNow: (path: string) => Uint8Array | null;
  /** Someone else changes files there (an edit on disk, a push); null deletes. */
  changeElsewhere: (files: Record<string, Uint8Array | null>) => Promise<void>;
  /** Someone else changes files there after the next transaction's plan has run, before the store writes, `times` times (the `time`-th with change(time)). */
  changeDuringNextTransact: (change: (time: number) => Record<string, Uint8Array | null>, times?: number) => void;
  /** The commits on the branch, newest first, without the seed's (GitHub), or null (the working tree has none). */
  commits: () => { sha: string; message: string; author: { name: string; email: string }; files: { path: string; status: string }[] }[] | null;
}

export const text = (value: string) => new TextEncoder().encode(value);
export const AUTHOR: Author = { name: 'admin@example.com', email: 'admin@example.com' };
export const TESTIMONIALS = 'src/content/testimonials.json';
export const SETTINGS = 'src/content/pages/settings.json';
export const GUIDE = 'src/content/resources/strength-starter.json';
export const IMAGE = 'src/content/images/resources/strength-starter.png';
/** The start of a real PNG: not UTF-8, so it must travel as bytes. */
export const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe, 0x00, 0x80]);

export function contentStoreContract(seed: () => string, start: () => Promise<StoreUnderTest>) {
  let under: StoreUnderTest;
  beforeEach(async () => {
    under = await start();
  });
  const original = (path: string) => new Uint8Array(readFileSync(join(seed(), path)));
  const commitCount = () => under.commits()?.length ?? 0;
  const transact = (plan: DeclaredPlan) => under.store.transact(declaredPlan(plan), AUTHOR);
  const github = () => under.store.kind === 'github';
  const failureOf = (work: Promise<unknown>) =>
    work.then(
      () => null,
      (error: unknown) => error as Error,
    );

  it('lists every file under src/content as git lists it, with git’s shas and sizes, in git’s order', async () => {
    const snapshot = await under.store.snapshot();
    const listed = gitFiles(seed(), 'src/content');
    expect(listed.length).toBeGreaterThan(50);
    expect([...snapshot.files.values()]).toEqual(listed);
    expect([...snapshot.files.keys()]).toEqual(listed.map((file) => file.path));
  });

  it('reads many files together, byte for byte with their shas; a path that is not a file of the snapshot is left out', async () => {
    const snapshot = await under.store.snapshot();
    const paths = [...snapshot.files.keys()];
    expect(paths.some((path) => path.endsWith('.jpg'))).toBe(true);
    const elsewhere = ['src/content/nothing-here.json', 'src/content/resources', '../outside.json', 'README.md', '.git/config', ''];
    const read = await snapshot.read([...paths, ...elsewhere, TESTIMONIALS]);
    expect([...read.keys()].sort()).toEqual([...paths].sort());
    for (const path of paths) {
      const file = read.get(path)!;
      expect(Buffer.from(file.content).equals(Buffer.from(original(path))), path).toBe(true);
      expect(file).toMatchObject(snapshot.files.get(path)!);
      expect(file.sha).toBe(await gitBlobSha(file.content));
    }
    expect((await snapshot.read([])).size).toBe(0);
  });

  it('writes a new file (its folders made) and a picture in one go: one commit, authored as asked; the next snapshot has both', async () => {
    const before = commitCount();
    const entry = text('{"title":"Strength Starter","image":"../images/resources/strength-starter.png"}\n');
    const guide = 'src/content/new-folder/deeper/strength-starter.json';
    const { result, saved } = await transact({
      changes: [
        { path: guide, content: entry },
        { path: IMAGE, content: PNG },
      ],
      message: 'Content: strength-starter.json (by admin@example.com)',
    });
    expect(result.runs).toBe(1);
    expect(saved.files).toEqual([
      { path: guide, sha: await gitBlobSha(entry) },
      { path: IMAGE, sha: await gitBlobSha(PNG) },
    ]);
    expect(under.fileNow(guide)).toEqual(entry);
    expect(under.fileNow(IMAGE)).toEqual(PNG);
    const next = await under.store.snapshot();
    expect(next.files.get(IMAGE)).toEqual({ path: IMAGE, sha: await gitBlobSha(PNG), size: PNG.byteLength });
    expect((await next.read([IMAGE])).get(IMAGE)?.content).toEqual(PNG);
    if (!github()) return expect(saved.commit).toBeNull();
    expect(commitCount()).toBe(before + 1);
    expect(under.commits()![0]).toEqual({
      sha: saved.commit,
      message: 'Content: strength-starter.json (by admin@example.com)',
      author: AUTHOR,
      files: [
        { path: IMAGE, status: 'added' },
        { path: guide, status: 'added' },
      ],
    });
  });

  it('modifies a file the plan read and deletes another (content null); the next snapshot reads the new bytes', async () => {
    const snapshot = await under.store.snapshot();
    const [doomed] = [...snapshot.files.keys()].filter((path) => path.startsWith('src/content/resources/'));
    const opened = (await snapshot.read([TESTIMONIALS])).get(TESTIMONIALS)!;
    const content = text(new TextDecoder().decode(opened.content).replace('"', '"x'));
    const { result, saved } = await transact({
      read: [TESTIMONIALS],
      expect: { [TESTIMONIALS]: opened.sha, [doomed!]: snapshot.files.get(doomed!)!.sha },
      changes: [
        { path: TESTIMONIALS, content },
        { path: doomed!, content: null },
      ],
      message: 'Content: testimonials.json',
    });
    expect(result).toEqual({ runs: 1, read: { [TESTIMONIALS]: opened.sha } });
    expect(saved.files).toEqual([
      { path: TESTIMONIALS, sha: await gitBlobSha(content) },
      { path: doomed, sha: null },
    ]);
    expect(under.fileNow(TESTIMONIALS)).toEqual(content);
    expect(under.fileNow(doomed!)).toBeNull();
    const next = await under.store.snapshot();
    expect(next.files.has(doomed!)).toBe(false);
    expect((await next.read([TESTIMONIALS, doomed!])).get(TESTIMONIALS)?.content).toEqual(content);
    const changed = [
      { path: doomed!, status: 'removed' },
      { path: TESTIMONIALS, status: 'modified' },
    ].sort((a, b) => (a.path < b.path ? -1 : 1));
    expect(under.commits()?.[0]?.files ?? null).toEqual(github() ? changed : null);
  });

  it('writes nothing for a plan that changes nothing: no changes, a file saved as it is, a file deleted where none is', async () => {
    const before = commitCount();
    const head = under.commits()?.[0]?.sha;
    for (const changes of [
      [],
      [{ path: TESTIMONIALS, content: original(TESTIMONIALS) }],
      [{ path: 'src/content/resources/never-was.json', content: null }],
    ] as FileChange[][]) {
      const { result, saved } = await transact({ changes, message: 'Content: nothing' });
      expect(result.runs).toBe(1);
      expect(saved.commit).toBeNull();
    }
    expect(commitCount()).toBe(before);
    expect(under.commits()?.[0]?.sha).toBe(head);
    expect(under.fileNow('src/content/resources/never-was.json')).toBeNull();
  });

  it('throws what the plan throws, as it is, and writes nothing of it', async () => {
    const before = commitCount();
    const snapshot = await under.store.snapshot();
    const error = await failureOf(
      transact({
        expect: { [TESTIMONIALS]: 'a'.repeat(40) },
        changes: [
          { path: GUIDE, content: text('{}\n') },
          { path: TESTIMONIALS, content: text('[]\n') },
        ],
        message: 'Content: stale',
      }),
    );
    expect(error).toBeInstanceOf(StalePlanError);
    expect(error).toMatchObject({ path: TESTIMONIALS, message: `${TESTIMONIALS} is not at the version the plan expects` });
    expect(under.fileNow(GUIDE)).toBeNull();
    expect(under.fileNow(TESTIMONIALS)).toEqual(original(TESTIMONIALS));
    expect(commitCount()).toBe(before);
    expect([...(await under.store.snapshot()).files.values()]).toEqual([...snapshot.files.values()]);
  });

  it('refuses a change where a folder is, inside a file, outside src/content, on a path that is not clean, or named twice; nothing of it is written', async () => {
    const before = commitCount();
    const refused: [FileChange, RegExp][] = [
      [{ path: 'src/content/resources', content: text('{}') }, /"src\/content\/resources" is a folder, not a file/],
      [{ path: `${TESTIMONIALS}/under.json`, content: text('{}') }, /is inside a file, not a folder/],
      [{ path: 'src/other.json', content: text('{}') }, /"src\/other.json" is not under src\/content/],
      [{ path: 'README.md', content: null }, /is not under src\/content/],
    ];
    for (const path of [
      '../outside.json',
      '/etc/passwd',
      'src/content/../../outside.json',
      'src/./content/x.json',
      'src//content/x.json',
      '.git/config',
      'src\\content\\x.json',
      'src/content/x\u0000.json',
      '',
    ])
      refused.push([{ path, content: text('{}') }, /is not a path inside the repository/]);
    for (const [change, words] of refused) {
      const error = await failureOf(transact({ changes: [{ path: GUIDE, content: text('{}\n') }, change], message: 'Content: refused' }));
      expect(error, change.path).toBeInstanceOf(ContentPathError);
      expect(error?.message, change.path).toMatch(words);
    }
    const twice = await failureOf(
      transact({
        changes: [
          { path: GUIDE, content: text('{}') },
          { path: GUIDE, content: null },
        ],
        message: 'Content: twice',
      }),
    );
    expect(twice?.message).toBe(`${GUIDE} is named twice in one save`);
    expect(under.fileNow(GUIDE)).toBeNull();
    expect(under.fileNow(TESTIMONIALS)).toEqual(original(TESTIMONIALS));
    expect(commitCount()).toBe(before);
  });

  it('writes on top of another file changed between the snapshot and the write (GitHub: the plan runs again on the new head)', async () => {
    const theirs = text('{"moved":true}\n');
    under.changeDuringNextTransact(() => ({ [SETTINGS]: theirs }));
    const { result, saved } = await transact({ read: [TESTIMONIALS], changes: [{ path: TESTIMONIALS, content: text('[5]\n') }], message: 'Content: testimonials.json' });
    expect(result.runs).toBe(github() ? 2 : 1);
    expect(under.fileNow(TESTIMONIALS)).toEqual(text('[5]\n'));
    expect(under.fileNow(SETTINGS)).toEqual(theirs);
    if (!github()) return;
    const [ours, other] = under.commits()!;
    expect(ours).toMatchObject({ sha: saved.commit, author: AUTHOR, files: [{ path: TESTIMONIALS, status: 'modified' }] });
    expect(other).toMatchObject({ author: { email: 'someone@example.com' }, files: [{ path: SETTINGS, status: 'modified' }] });
  });

  it('runs the plan again when a file it read changed before the write; a plan that expected the old version then refuses', async () => {
    const before = (await (await under.store.snapshot()).read([TESTIMONIALS])).get(TESTIMONIALS)!;
    const theirs = text('["theirs"]\n');
    under.changeDuringNextTransact(() => ({ [TESTIMONIALS]: theirs }));
    const { result } = await transact({ read: [TESTIMONIALS], changes: [{ path: GUIDE, content: text('{}\n') }], message: 'Content: guide' });
    expect(result).toEqual({ runs: 2, read: { [TESTIMONIALS]: await gitBlobSha(theirs) } });
    expect(under.fileNow(GUIDE)).toEqual(text('{}\n'));

    const count = commitCount();
    under.changeDuringNextTransact(() => ({ [TESTIMONIALS]: text('["again"]\n') }));
    const current = await gitBlobSha(theirs);
    const error = await failureOf(
      transact({ read: [TESTIMONIALS], expect: { [TESTIMONIALS]: current }, changes: [{ path: TESTIMONIALS, content: text('["ours"]\n') }], message: 'Content: t' }),
    );
    expect(error).toMatchObject({ name: 'StalePlanError', path: TESTIMONIALS });
    expect(under.fileNow(TESTIMONIALS)).toEqual(text('["again"]\n'));
    expect(commitCount()).toBe(count + (github() ? 1 : 0));
    expect(before.sha).not.toBe(current);
  });

  it('gives up after three runs when the content keeps moving, and writes nothing', async () => {
    under.changeDuringNextTransact((time) => ({ [TESTIMONIALS]: text(`[${time}]\n`) }), 5);
    const error = await failureOf(transact({ read: [TESTIMONIALS], changes: [{ path: GUIDE, content: text('{}\n') }], message: 'Content: guide' }));
    expect(error?.message).toMatch(
      github() ? /kept saving to the branch main of .+ \(3 tries\)\. Saving again usually works\./ : /kept changing on disk while saving \(3 tries\)/,
    );
    if (github()) expect(error).toMatchObject({ name: 'GithubStoreError', kind: 'unavailable', status: null });
    expect(under.fileNow(GUIDE)).toBeNull();
    expect(under.fileNow(TESTIMONIALS)).toEqual(text('[3]\n'));
  });
}
