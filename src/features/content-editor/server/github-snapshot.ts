/**
 * The GitHub store's snapshots (store.ts's ContentSnapshot): the content files of one commit of the
 * branch, listed from its tree and read together.
 *
 * Listing: the commit's whole tree, recursively, in one request, its entries under src/content/
 * kept (regular files; links and submodules are not content). GitHub cuts a recursive listing at
 * 100,000 entries or 7 MB and says `truncated`: then the walk goes down to src/content's own tree
 * and lists that recursively and, where that is cut too, each of its folders on its own.
 *
 * Reading: the text files (JSON) through GraphQL, up to 100 blobs by their ids in one query, each
 * text checked against its blob's sha (GraphQL's text is the file's bytes only when the file is
 * UTF-8); the pictures, and any file GraphQL does not give whole (binary, cut, another encoding),
 * one request each through the blob API.
 */
import { CONTENT_DIR } from '~/lib/content-collections';
import { base64ToBytes } from './base64';
import { encodePath, githubGraphql, githubRequest, type GithubTarget } from './github-api';
import { oddAnswer } from './github-refusals';
import { gitBlobSha, type ContentSnapshot, type StoredFile, type TreeFile } from './store';

/** A commit of the branch and its tree. */
export interface GithubHead {
  commit: string;
  tree: string;
}

export interface GithubSnapshot extends ContentSnapshot {
  readonly head: GithubHead;
}

interface TreeEntry {
  path: string;
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  size?: number;
}

/** Blobs asked for in one GraphQL query. */
export const GRAPHQL_BATCH = 100;
const TEXT_FILE = /\.json$/;
const REGULAR_FILE = new Set(['100644', '100755']);
const SHA = /^[0-9a-f]{40}$/;

/** The branch's head commit and its tree. */
export async function branchHead(target: GithubTarget): Promise<GithubHead> {
  const { data } = await githubRequest<{ commit?: { sha?: unknown; commit?: { tree?: { sha?: unknown } } } }>(target, 'GET', `/branches/${encodePath(target.branch)}`);
  const commit = data?.commit?.sha;
  const tree = data?.commit?.commit?.tree?.sha;
  if (typeof commit !== 'string' || !SHA.test(commit) || typeof tree !== 'string' || !SHA.test(tree))
    throw oddAnswer(target, `the branch ${target.branch} has no commit`);
  return { commit, tree };
}

async function listTree(target: GithubTarget, sha: string, recursive: boolean): Promise<{ tree: TreeEntry[]; truncated: boolean }> {
  const { data } = await githubRequest<{ tree?: unknown; truncated?: unknown }>(target, 'GET', `/git/trees/${sha}${recursive ? '?recursive=1' : ''}`);
  if (!Array.isArray(data?.tree)) throw oddAnswer(target, `the tree ${sha} lists nothing`);
  return { tree: data.tree as TreeEntry[], truncated: data.truncated === true };
}

function keepFiles(entries: TreeEntry[], prefix: string, into: Map<string, TreeFile>) {
  for (const entry of entries)
    if (entry.type === 'blob' && REGULAR_FILE.has(entry.mode)) into.set(prefix + entry.path, { path: prefix + entry.path, sha: entry.sha, size: entry.size ?? 0 });
}

/** Every file of the tree `sha`, its paths under `prefix` (a folder's path and a slash). */
async function walk(target: GithubTarget, sha: string, prefix: string, into: Map<string, TreeFile>): Promise<void> {
  const whole = await listTree(target, sha, true);
  if (!whole.truncated) return keepFiles(whole.tree, prefix, into);
  const flat = await listTree(target, sha, false);
  if (flat.truncated) throw oddAnswer(target, `the folder ${prefix} holds too many files to list`);
  keepFiles(flat.tree, prefix, into);
  await Promise.all(flat.tree.filter((entry) => entry.type === 'tree').map((entry) => walk(target, entry.sha, `${prefix}${entry.path}/`, into)));
}

/** The files under src/content/ of the tree `root`, by path, in git's order. */
export async function contentFiles(target: GithubTarget, root: string): Promise<Map<string, TreeFile>> {
  const found = new Map<string, TreeFile>();
  const whole = await listTree(target, root, true);
  if (!whole.truncated) keepFiles(whole.tree, '', found);
  else {
    let sha: string | undefined = root;
    for (const part of CONTENT_DIR.split('/')) {
      sha = (await listTree(target, sha, false)).tree.find((entry) => entry.path === part && entry.type === 'tree')?.sha;
      if (!sha) return found;
    }
    await walk(target, sha, `${CONTENT_DIR}/`, found);
  }
  // a path's bytes sort as git sorts a tree's files (clean paths are ASCII)
  const files = [...found.values()].filter((file) => file.path.startsWith(`${CONTENT_DIR}/`)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return new Map(files.map((file) => [file.path, file]));
}

interface BlobText {
  text?: unknown;
  isBinary?: unknown;
  isTruncated?: unknown;
}

const encoder = new TextEncoder();

/** The bytes of each blob GraphQL gives whole and true to its sha; the others are left out. */
async function textsOf(target: GithubTarget, shas: string[]): Promise<Map<string, Uint8Array>> {
  const objects = shas.map((sha, index) => `f${index}: object(oid: "${sha}") { ... on Blob { text isBinary isTruncated } }`);
  const query = `query ContentFiles($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { ${objects.join(' ')} } }`;
  const [owner, name] = target.repository.split('/');
  const { data } = await githubGraphql<{ repository?: Record<string, BlobText | null> | null }>(target, query, { owner, name });
  if (!data.repository) throw oddAnswer(target, 'GraphQL answered no repository');
  const texts = new Map<string, Uint8Array>();
  await Promise.all(
    shas.map(async (sha, index) => {
      const blob = data.repository![`f${index}`];
      if (!blob || typeof blob.text !== 'string' || blob.isBinary !== false || blob.isTruncated !== false) return;
      const bytes = encoder.encode(blob.text);
      if ((await gitBlobSha(bytes)) === sha) texts.set(sha, bytes);
    }),
  );
  return texts;
}

async function blobBytes(target: GithubTarget, sha: string): Promise<Uint8Array> {
  const { data } = await githubRequest<{ content?: unknown; encoding?: unknown }>(target, 'GET', `/git/blobs/${sha}`);
  if (data?.encoding !== 'base64' || typeof data.content !== 'string') throw oddAnswer(target, `the blob ${sha} came without its content`);
  return base64ToBytes(data.content);
}

/** The bytes of `paths` as they are in `files`; a path that is not one of them is left out. */
async function readFiles(target: GithubTarget, files: ReadonlyMap<string, TreeFile>, paths: readonly string[]): Promise<Map<string, StoredFile>> {
  const wanted = [...new Set(paths)].flatMap((path) => files.get(path) ?? []).filter((file) => SHA.test(file.sha));
  const texts = [...new Set(wanted.filter((file) => TEXT_FILE.test(file.path)).map((file) => file.sha))];
  const others = [...new Set(wanted.map((file) => file.sha))].filter((sha) => !texts.includes(sha));
  const bytes = new Map<string, Uint8Array>();
  const byBlob = (shas: string[]) => Promise.all(shas.map(async (sha) => bytes.set(sha, await blobBytes(target, sha))));
  const batches = Array.from({ length: Math.ceil(texts.length / GRAPHQL_BATCH) }, (_, index) => texts.slice(index * GRAPHQL_BATCH, (index + 1) * GRAPHQL_BATCH));
  await Promise.all([
    byBlob(others),
    ...batches.map(async (batch) => {
      const given = await textsOf(target, batch);
      for (const [sha, content] of given) bytes.set(sha, content);
      await byBlob(batch.filter((sha) => !given.has(sha)));
    }),
  ]);
  return new Map(wanted.map((file) => [file.path, { ...file, content: bytes.get(file.sha)! }]));
}

/** The snapshot of the commit `head`, whose content files are `files`. */
export function snapshotAt(target: GithubTarget, head: GithubHead, files: ReadonlyMap<string, TreeFile>): GithubSnapshot {
  return { head, files, read: (paths) => readFiles(target, files, paths) };
}

/** The content at the branch's head now. */
export async function githubSnapshot(target: GithubTarget): Promise<GithubSnapshot> {
  const head = await branchHead(target);
  return snapshotAt(target, head, await contentFiles(target, head.tree));
}
