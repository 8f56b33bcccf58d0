/**
 * The object store behind the fake GitHub (tests/support/fake-github.mjs): blobs, trees and
 * commits stored as git stores them, so their ids are the ones git computes for the same content
 * (tests/unit/fake-github.test.ts compares them with git's own), and branches pointing at commits.
 * Written apart from the site's code on purpose: the stores are checked against git, not against
 * themselves.
 */
import { createHash } from 'node:crypto';

/** Why a change cannot be made: the fake answers it as GitHub does, 422 with this message. */
export class GitInputError extends Error {}

const TREE_MODE = '40000';
const modeType = (mode) => (mode === TREE_MODE ? 'tree' : mode === '160000' ? 'commit' : 'blob');
/** The mode as GitHub's API spells it (a folder `040000`). */
export const apiMode = (mode) => (mode === TREE_MODE ? '040000' : mode);

/** Git's order: bytes of the name, a folder's name as if it ended in `/`. */
const sortKey = (entry) => Buffer.from(entry.mode === TREE_MODE ? `${entry.name}/` : entry.name);

function gitDate(iso) {
  const seconds = Math.floor(Date.parse(iso) / 1000);
  return `${seconds} +0000`;
}

export class GitStore {
  /** @type {Map<string, { type: string, body: Buffer }>} */
  objects = new Map();
  /** @type {Map<string, string>} branch name → commit id */
  branches = new Map();

  put(type, body) {
    const sha = createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
    this.objects.set(sha, { type, body });
    return sha;
  }

  typeOf(sha) {
    return this.objects.get(sha)?.type ?? null;
  }

  blob(bytes) {
    return this.put('blob', Buffer.from(bytes));
  }

  readBlob(sha) {
    const object = this.objects.get(sha);
    return object?.type === 'blob' ? object.body : null;
  }

  /** @param {{ name: string, mode: string, sha: string }[]} entries */
  tree(entries) {
    const sorted = [...entries].sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)));
    const body = Buffer.concat(sorted.flatMap((entry) => [Buffer.from(`${entry.mode} ${entry.name}\0`), Buffer.from(entry.sha, 'hex')]));
    return this.put('tree', body);
  }

  /** @returns {{ name: string, mode: string, sha: string, type: string }[]} */
  readTree(sha) {
    const object = this.objects.get(sha);
    if (object?.type !== 'tree') return null;
    const entries = [];
    let offset = 0;
    while (offset < object.body.length) {
      const space = object.body.indexOf(0x20, offset);
      const nul = object.body.indexOf(0, space);
      const mode = object.body.subarray(offset, space).toString();
      const name = object.body.subarray(space + 1, nul).toString();
      const id = object.body.subarray(nul + 1, nul + 21).toString('hex');
      entries.push({ name, mode, sha: id, type: modeType(mode) });
      offset = nul + 21;
    }
    return entries;
  }

  /** @param {{ tree: string, parents: string[], author: { name: string, email: string, date: string }, committer?: object, message: string }} commit */
  commit({ tree, parents, author, committer = author, message }) {
    const lines = [`tree ${tree}`, ...parents.map((parent) => `parent ${parent}`)];
    lines.push(`author ${author.name} <${author.email}> ${gitDate(author.date)}`);
    lines.push(`committer ${committer.name} <${committer.email}> ${gitDate(committer.date)}`);
    return this.put('commit', Buffer.from(`${lines.join('\n')}\n\n${message}`));
  }

  readCommit(sha) {
    const object = this.objects.get(sha);
    if (object?.type !== 'commit') return null;
    const text = object.body.toString();
    const split = text.indexOf('\n\n');
    const headers = text.slice(0, split).split('\n');
    const person = (line) => {
      const [, name, email, seconds] = /^\S+ (.*) <(.*)> (\d+) [+-]\d{4}$/.exec(line);
      return { name, email, date: new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z') };
    };
    return {
      sha,
      tree: headers.find((line) => line.startsWith('tree ')).slice(5),
      parents: headers.filter((line) => line.startsWith('parent ')).map((line) => line.slice(7)),
      author: person(headers.find((line) => line.startsWith('author '))),
      committer: person(headers.find((line) => line.startsWith('committer '))),
      message: text.slice(split + 2),
    };
  }

  /** The entry at `path` in a tree (a file or a folder), or null. */
  lookup(treeSha, path) {
    let entry = { mode: TREE_MODE, sha: treeSha, type: 'tree', name: '' };
    for (const part of path === '' ? [] : path.split('/')) {
      const entries = entry.type === 'tree' ? this.readTree(entry.sha) : null;
      entry = entries?.find((candidate) => candidate.name === part);
      if (!entry) return null;
    }
    return entry;
  }

  /** Every file of a tree: path → { mode, sha }. */
  files(treeSha, prefix = '', into = new Map()) {
    for (const entry of this.readTree(treeSha) ?? []) {
      const path = prefix + entry.name;
      if (entry.type === 'tree') this.files(entry.sha, `${path}/`, into);
      else into.set(path, { mode: entry.mode, sha: entry.sha });
    }
    return into;
  }

  /**
   * A new tree: `base` (or an empty tree) with each change applied in order, as GitHub's
   * "create a tree" does. `sha: null` deletes (an error where there is nothing to delete);
   * a folder left empty disappears, as git keeps none.
   * @param {string | null} base
   * @param {{ path: string, mode: string, sha: string | null }[]} changes
   */
  applyChanges(base, changes) {
    const load = (sha) => new Map((sha ? this.readTree(sha) : []).map((entry) => [entry.name, { mode: entry.mode, sha: entry.sha, children: null }]));
    const root = { mode: TREE_MODE, sha: base, children: load(base) };
    for (const change of changes) {
      const parts = change.path.split('/');
      let folder = root;
      for (const part of parts.slice(0, -1)) {
        let next = folder.children.get(part);
        if (next && next.mode !== TREE_MODE) throw new GitInputError(`tree.path ${change.path} has a file where a folder is needed`);
        if (!next) {
          if (change.sha === null) throw new GitInputError(`tree.path ${change.path} does not exist and cannot be deleted`);
          next = { mode: TREE_MODE, sha: null, children: new Map() };
          folder.children.set(part, next);
        }
        next.children ??= load(next.sha);
        folder = next;
      }
      const name = parts.at(-1);
      if (change.sha === null) {
        if (!folder.children.delete(name)) throw new GitInputError(`tree.path ${change.path} does not exist and cannot be deleted`);
      } else {
        folder.children.set(name, { mode: change.mode === '040000' ? TREE_MODE : change.mode, sha: change.sha, children: null });
      }
    }
    const write = (node) => {
      if (!node.children) return node.sha;
      const entries = [];
      for (const [name, child] of node.children) {
        const sha = write(child);
        if (sha) entries.push({ name, mode: child.mode, sha });
      }
      return entries.length === 0 && node !== root ? null : this.tree(entries);
    };
    return write(root);
  }

  /** Whether `ancestor` is `descendant` or one of its ancestors. */
  isAncestor(ancestor, descendant) {
    const seen = new Set();
    const queue = [descendant];
    while (queue.length > 0) {
      const sha = queue.shift();
      if (sha === ancestor) return true;
      if (seen.has(sha)) continue;
      seen.add(sha);
      queue.push(...(this.readCommit(sha)?.parents ?? []));
    }
    return false;
  }

  /** The files a commit changed against its first parent: [{ path, status: added | modified | removed }]. */
  changedFiles(commitSha) {
    const commit = this.readCommit(commitSha);
    const before = commit.parents[0] ? this.files(this.readCommit(commit.parents[0]).tree) : new Map();
    const after = this.files(commit.tree);
    const changed = [];
    for (const [path, entry] of after) {
      if (!before.has(path)) changed.push({ path, status: 'added' });
      else if (before.get(path).sha !== entry.sha) changed.push({ path, status: 'modified' });
    }
    for (const path of before.keys()) if (!after.has(path)) changed.push({ path, status: 'removed' });
    return changed.sort((a, b) => (a.path < b.path ? -1 : 1));
  }
}
