/**
 * The content store of the deployed site: the files of a branch of a GitHub repository, read with
 * the contents API and saved as one commit with the git data API. Fetch only (it runs in
 * Cloudflare's workerd).
 *
 * A save: the branch's head (commit and tree) → the current sha of each file whose version is
 * checked or that is deleted (one contents listing per folder, at that commit) → a blob for each
 * file that is not UTF-8 text (text goes in the tree as it is) → a tree on the head's tree → a
 * commit authored by the signed-in person → the branch moved to it only as a fast-forward. When
 * someone else moved the branch in between, it starts again from the new head (blobs kept), and
 * refuses with StaleFileError only when one of its own files changed there.
 *
 * Requests per save, which Cloudflare counts as subrequests (50 per request on the free plan):
 * one file 5 (4 when no version is checked), an entry with its image in another folder 7 (5);
 * each retry after the branch moved adds the same again, less the blobs.
 */
import { base64ToBytes, bytesToBase64 } from './base64';
import { encodePath, githubRequest, GithubStoreError, notFastForward, type GithubTarget } from './github-api';
import { checkContentPath, ContentPathError, gitBlobSha, StaleFileError, type ContentStore, type FileChange, type ListedFile, type SaveResult } from './store';

export { GithubStoreError } from './github-api';

export interface GithubSettings {
  GITHUB_TOKEN?: string | undefined;
  GITHUB_REPOSITORY?: string | undefined;
  GITHUB_BRANCH?: string | undefined;
  GITHUB_API_URL?: string | undefined;
}

export type GithubStoreSetup = ContentStore | { missing: string[] } | { invalid: keyof GithubSettings; message: string };

/** Tries after the branch moved under a save, before it gives up. */
const ATTEMPTS = 3;
/** The most entries GitHub lists in a folder with the contents API. */
const LISTING_LIMIT = 1000;

const REPOSITORY = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;
/** git's rules for a branch name, those a setting can break. */
// eslint-disable-next-line no-control-regex -- control characters are among what git refuses
const badBranch = (name: string) => /[\s~^:?*[\\\u0000-\u001f\u007f]|\.\.|@\{|\/\/|^[/.-]|[/.]$|\.lock$/.test(name);

/** The settings' problem, if any: unset ones named, or the first malformed one with what it should be. */
export function githubSettingsProblem(settings: GithubSettings): { missing: string[] } | { invalid: keyof GithubSettings; message: string } | null {
  const value = (name: keyof GithubSettings) => settings[name]?.trim() ?? '';
  const missing = (['GITHUB_TOKEN', 'GITHUB_REPOSITORY'] as const).filter((name) => !value(name));
  if (missing.length > 0) return { missing };
  const repository = value('GITHUB_REPOSITORY');
  if (!REPOSITORY.test(repository) || /\/\.{1,2}$/.test(repository) || repository.endsWith('.git'))
    return {
      invalid: 'GITHUB_REPOSITORY',
      message: `GITHUB_REPOSITORY must be the repository as owner/name (like kayla-reyes/coach-site), not ${JSON.stringify(repository)}.`,
    };
  if (value('GITHUB_BRANCH') && badBranch(value('GITHUB_BRANCH')))
    return { invalid: 'GITHUB_BRANCH', message: `GITHUB_BRANCH must be a branch name (like main), not ${JSON.stringify(value('GITHUB_BRANCH'))}.` };
  const apiUrl = value('GITHUB_API_URL');
  if (apiUrl && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(apiUrl))
    return { invalid: 'GITHUB_API_URL', message: `GITHUB_API_URL must be the API's address (https://api.github.com), not ${JSON.stringify(apiUrl)}.` };
  return null;
}

/** The GitHub store of these settings, or what is missing or wrong in them. */
export function githubStoreFromSettings(settings: GithubSettings, fetchImpl?: GithubTarget['fetch']): GithubStoreSetup {
  const problem = githubSettingsProblem(settings);
  if (problem) return problem;
  return githubStore({
    token: settings.GITHUB_TOKEN!.trim(),
    repository: settings.GITHUB_REPOSITORY!.trim(),
    branch: settings.GITHUB_BRANCH?.trim() || 'main',
    apiUrl: (settings.GITHUB_API_URL?.trim() || 'https://api.github.com').replace(/\/+$/, ''),
    // called as a plain function: workerd refuses a fetch called on another object
    fetch: fetchImpl ?? ((input, init) => fetch(input, init)),
  });
}

interface ContentsEntry {
  type: 'file' | 'dir' | 'symlink' | 'submodule';
  path: string;
  sha: string;
  size: number;
  encoding?: string;
  content?: string;
}

interface BranchAnswer {
  commit: { sha: string; commit: { tree: { sha: string } } };
}

const textDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** The bytes as text when they are UTF-8 (text goes in the tree as it is), else null. */
function utf8(bytes: Uint8Array): string | null {
  try {
    return textDecoder.decode(bytes);
  } catch {
    return null;
  }
}

const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

export function githubStore(target: GithubTarget): ContentStore {
  const { branch } = target;
  const request = <T>(method: string, path: string, body?: unknown, tolerate?: number[]) => githubRequest<T>(target, method, path, body, tolerate);
  const contents = (path: string, ref: string) =>
    request<ContentsEntry | ContentsEntry[] | null>('GET', `/contents/${encodePath(path)}?ref=${encodeURIComponent(ref)}`, undefined, [404]);

  async function head(): Promise<{ commit: string; tree: string }> {
    const { data } = await request<BranchAnswer>('GET', `/branches/${encodePath(branch)}`);
    return { commit: data.commit.sha, tree: data.commit.commit.tree.sha };
  }

  /** The blob sha of each path at `commit`, null where there is no file. */
  async function currentShas(commit: string, paths: string[]): Promise<Map<string, string | null>> {
    const shas = new Map<string, string | null>(paths.map((path) => [path, null]));
    const folders = [...new Set(paths.map(folderOf))];
    await Promise.all(
      folders.map(async (folder) => {
        const { status, data } = await contents(folder, commit);
        const listing = status === 200 && Array.isArray(data) ? data : [];
        for (const path of paths.filter((candidate) => folderOf(candidate) === folder)) {
          let entry = listing.find((candidate) => candidate.path === path);
          if (!entry && listing.length >= LISTING_LIMIT) {
            const single = await contents(path, commit);
            entry = single.status === 200 && !Array.isArray(single.data) && single.data ? single.data : undefined;
          }
          if (entry?.type === 'dir') throw new ContentPathError(path, 'is a folder, not a file');
          shas.set(path, entry?.sha ?? null);
        }
      }),
    );
    return shas;
  }

  return {
    kind: 'github',

    async read(path) {
      checkContentPath(path);
      const { status, data } = await contents(path, branch);
      if (status === 404) {
        await head(); // throws when the repository or the branch is what is missing
        return null;
      }
      if (!data || Array.isArray(data) || data.type !== 'file') return null;
      let base64 = data.content ?? '';
      // over 1 MB the contents API leaves the content out (encoding "none"): the blob API has it
      if (data.encoding !== 'base64') base64 = (await request<{ content: string }>('GET', `/git/blobs/${data.sha}`)).data.content;
      return { path, sha: data.sha, content: base64ToBytes(base64) };
    },

    async list(dir) {
      checkContentPath(dir, { root: true });
      const { status, data } = await contents(dir, branch);
      if (status === 404) {
        await head();
        return [];
      }
      if (!Array.isArray(data)) return [];
      return data
        .filter((entry): entry is ContentsEntry & { type: 'file' | 'dir' } => entry.type === 'file' || entry.type === 'dir')
        .map((entry): ListedFile => ({ path: entry.path, sha: entry.sha, type: entry.type, size: entry.size }));
    },

    async save(changes, message, author) {
      const seen = new Set<string>();
      for (const change of changes) {
        checkContentPath(change.path);
        if (seen.has(change.path)) throw new Error(`${change.path} is named twice in one save`);
        seen.add(change.path);
      }
      const newShas = await Promise.all(changes.map((change) => change.content && gitBlobSha(change.content)));
      const files: SaveResult['files'] = changes.map((change, index) => ({ path: change.path, sha: newShas[index]! }));
      const blobs = new Map<string, Promise<string>>();
      const blobOf = (content: Uint8Array, sha: string) => {
        if (!blobs.has(sha))
          blobs.set(
            sha,
            request<{ sha: string }>('POST', '/git/blobs', { content: bytesToBase64(content), encoding: 'base64' }).then(({ data }) => data.sha),
          );
        return blobs.get(sha)!;
      };
      const checked = changes.filter((change) => change.baseSha !== undefined || change.content === null).map((change) => change.path);

      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        const start = await head();
        const current = await currentShas(start.commit, checked);
        for (const change of changes) if (change.baseSha !== undefined && current.get(change.path) !== change.baseSha) throw new StaleFileError(change.path);
        const entries = await Promise.all(changes.map((change, index) => treeEntry(change, newShas[index]!, current, blobOf)));
        const tree = entries.filter((entry) => entry !== null);
        if (tree.length === 0) return { commit: start.commit, files };
        const made = await request<{ sha: string }>('POST', '/git/trees', { base_tree: start.tree, tree });
        if (made.data.sha === start.tree) return { commit: start.commit, files };
        const commit = await request<{ sha: string }>('POST', '/git/commits', {
          message,
          tree: made.data.sha,
          parents: [start.commit],
          author: { name: author.name, email: author.email },
        });
        const moved = await request('PATCH', `/git/refs/heads/${encodePath(branch)}`, { sha: commit.data.sha, force: false }, [422]);
        if (moved.status === 200) return { commit: commit.data.sha, files };
        if (!notFastForward(moved)) throw new GithubStoreError(`GitHub refused to move ${branch} of ${target.repository} to the new commit (422).`, 422, null);
      }
      throw new GithubStoreError(`The branch ${branch} of ${target.repository} kept moving while saving (${ATTEMPTS} tries): save again.`, 422, null);
    },
  };
}

type TreeEntry = { path: string; mode: '100644'; type: 'blob' } & ({ sha: string | null } | { content: string });

/** The tree entry of one change, or null when it changes nothing (a file deleted that is not there, or saved as it is). */
async function treeEntry(
  change: FileChange,
  newSha: string | null,
  current: Map<string, string | null>,
  blobOf: (content: Uint8Array, sha: string) => Promise<string>,
): Promise<TreeEntry | null> {
  const base = { path: change.path, mode: '100644', type: 'blob' } as const;
  if (!change.content) return current.get(change.path) ? { ...base, sha: null } : null;
  if (current.has(change.path) && current.get(change.path) === newSha) return null;
  const text = utf8(change.content);
  return text === null ? { ...base, sha: await blobOf(change.content, newSha!) } : { ...base, content: text };
}
