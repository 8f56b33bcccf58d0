/**
 * A file's version is its git blob sha: the stores' shas must be git's own. Checked against
 * `git hash-object` and `git mktree`, for the site's code (src/features/content-editor) and for
 * the fake GitHub's object store (tests/support/fake-github-git.mjs) the stores are tested on.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitTreeSha, type TreeItem } from '../../src/features/content-editor/server/git-objects';
import { gitBlobSha } from '../../src/features/content-editor/server/store';
import { GitStore } from '../support/fake-github-git.mjs';

const repo = mkdtempSync(join(tmpdir(), 'git-objects-'));
execFileSync('git', ['init', '-q'], { cwd: repo });
const git = (args: string[], input?: string | Buffer, env: Record<string, string> = {}) =>
  execFileSync('git', args, { cwd: repo, input, encoding: 'utf8', env: { ...process.env, ...env } }).trim();

const inputs: [string, Buffer][] = [
  ['nothing', Buffer.alloc(0)],
  ['a line of JSON', Buffer.from('{"title":"300+ clients"}\n')],
  ['UTF-8 beyond ASCII, with a byte order mark', Buffer.from('\ufeff[{"quote":"Kayla’s plan — 10/10 💪"}]\n')],
  ['bytes that are not text', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x0d, 0x0a])],
  ['200 KB', Buffer.alloc(200_000, 'x')],
];

describe('gitBlobSha', () => {
  it.each(inputs)('is git hash-object of %s', async (_name, bytes) => {
    expect(await gitBlobSha(new Uint8Array(bytes))).toBe(git(['hash-object', '-w', '--stdin'], bytes));
  });
});

describe('gitTreeSha', () => {
  it("is git mktree's id, in git's order (a folder sorts as if its name ended in /)", async () => {
    const blob = git(['hash-object', '-w', '--stdin'], 'a');
    const inner = git(['mktree'], `100644 blob ${blob}\tx.json\n`);
    const items: TreeItem[] = [
      { name: 'b.json', mode: '100644', sha: blob },
      { name: 'a', mode: '40000', sha: inner },
      { name: 'a.json', mode: '100644', sha: blob },
      { name: 'a-b', mode: '100755', sha: blob },
    ];
    const listing = items.map((item) => `${item.mode === '40000' ? '040000 tree' : `${item.mode} blob`} ${item.sha}\t${item.name}`).join('\n');
    expect(await gitTreeSha(items)).toBe(git(['mktree'], `${listing}\n`));
    expect(await gitTreeSha([])).toBe(git(['mktree'], ''));
  });
});

describe("the fake GitHub's object store", () => {
  it("makes git's blob, tree and commit ids", () => {
    const store = new GitStore();
    for (const [, bytes] of inputs) expect(store.blob(bytes)).toBe(git(['hash-object', '--stdin'], bytes));
    const blob = store.blob(Buffer.from('a'));
    git(['hash-object', '-w', '--stdin'], 'a');
    const tree = store.applyChanges(null, [
      { path: 'src/content/a.json', mode: '100644', sha: blob },
      { path: 'src/content/a/b.json', mode: '100644', sha: blob },
      { path: 'src/content-x.json', mode: '100644', sha: blob },
    ]);
    const content = git(['mktree'], `100644 blob ${blob}\ta.json\n040000 tree ${git(['mktree'], `100644 blob ${blob}\tb.json\n`)}\ta\n`);
    const src = git(['mktree'], `040000 tree ${content}\tcontent\n100644 blob ${blob}\tcontent-x.json\n`);
    expect(tree).toBe(git(['mktree'], `040000 tree ${src}\tsrc\n`));

    const author = { name: 'Kayla Reyes', email: 'kayla@example.com', date: '2026-01-15T10:00:00Z' };
    const first = store.commit({ tree, parents: [], author, message: 'The site\n' });
    const dates = { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_AUTHOR_DATE: '1768471200 +0000' };
    const env = { ...dates, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email, GIT_COMMITTER_DATE: '1768471200 +0000' };
    expect(first).toBe(git(['commit-tree', tree, '-m', 'The site'], undefined, env));
    const emptied = store.applyChanges(tree, [
      { path: 'src/content/a/b.json', mode: '100644', sha: null },
      { path: 'src/content-x.json', mode: '100644', sha: null },
    ]);
    // a folder left empty disappears, as in git
    expect(store.files(emptied)).toEqual(new Map([['src/content/a.json', { mode: '100644', sha: blob }]]));
    const second = store.commit({ tree: emptied, parents: [first], author, message: 'Content: b.json\n' });
    expect(store.changedFiles(second)).toEqual([
      { path: 'src/content-x.json', status: 'removed' },
      { path: 'src/content/a/b.json', status: 'removed' },
    ]);
    expect(store.isAncestor(first, second)).toBe(true);
    expect(store.isAncestor(second, first)).toBe(false);
  });
});
