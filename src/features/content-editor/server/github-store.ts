/**
 * The content store of the deployed site: the content files of a branch of a GitHub repository,
 * read as snapshots of one commit (github-snapshot.ts) and saved as one commit with the git data
 * API. Fetch only (it runs in Cloudflare's workerd).
 *
 * A transaction: a snapshot of the branch's head → the plan → a blob for each new file that is not
 * UTF-8 text (text goes in the tree as it is; blobs are kept for the next try) → a tree on the
 * snapshot's tree → a commit on the snapshot's commit, authored by the signed-in person → the
 * branch moved to it only as a fast-forward. When someone else moved the branch in between, the
 * plan runs again on a new snapshot, three times at most.
 *
 * Requests, which Cloudflare counts as subrequests (50 per request on the free plan): a snapshot
 * 2 (the branch, its tree), more only when GitHub cuts the tree's listing; reading N JSON files
 * ⌈N / 100⌉, and one per picture; a save 3 more (tree, commit, branch) and one per new picture.
 * Each try after the branch moved costs the snapshot and the save again, less the pictures.
 */
import { CONTENT_DIR } from '~/lib/content-collections';
import { bytesToBase64 } from './base64';
import { encodePath, githubRequest, replyOf, type GithubTarget } from './github-api';
import { keptMoving, refusalOf } from './github-refusals';
import { githubSnapshot, type GithubSnapshot } from './github-snapshot';
import { checkChanges, ContentPathError, gitBlobSha, type ContentStore, type FileChange, type SaveResult } from './store';

export { GithubStoreError, type GithubRefusalKind, type GithubSetting } from './github-refusals';

export interface GithubSettings {
  GITHUB_TOKEN?: string | undefined;
  GITHUB_REPOSITORY?: string | undefined;
  GITHUB_BRANCH?: string | undefined;
  GITHUB_API_URL?: string | undefined;
}

export type GithubStoreSetup = ContentStore | { missing: string[] } | { invalid: keyof GithubSettings; message: string };

/** Tries after the branch moved under a save, before it gives up. */
const ATTEMPTS = 3;

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
  if (apiUrl && !/^https?:\/\/[^/\s@]+(\/\S*)?$/.test(apiUrl))
    return { invalid: 'GITHUB_API_URL', message: `GITHUB_API_URL must be the API's address (https://api.github.com), not ${JSON.stringify(apiUrl)}.` };
  return null;
}

/** What the settings point at; they must have no problem (githubSettingsProblem). */
export function githubTarget(settings: GithubSettings, fetchImpl?: GithubTarget['fetch']): GithubTarget {
  return {
    token: settings.GITHUB_TOKEN!.trim(),
    repository: settings.GITHUB_REPOSITORY!.trim(),
    branch: settings.GITHUB_BRANCH?.trim() || 'main',
    apiUrl: (settings.GITHUB_API_URL?.trim() || 'https://api.github.com').replace(/\/+$/, ''),
    // called as a plain function: workerd refuses a fetch called on another object
    fetch: fetchImpl ?? ((input, init) => fetch(input, init)),
  };
}

/** The GitHub store of these settings, or what is missing or wrong in them. */
export function githubStoreFromSettings(settings: GithubSettings, fetchImpl?: GithubTarget['fetch']): GithubStoreSetup {
  return githubSettingsProblem(settings) ?? githubStore(githubTarget(settings, fetchImpl));
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

/** Refuses a change outside src/content, where a folder is, or inside what is a file. */
function checkPlaces(snapshot: GithubSnapshot, changes: readonly FileChange[]) {
  for (const { path } of changes) {
    if (!path.startsWith(`${CONTENT_DIR}/`)) throw new ContentPathError(path, `is not under ${CONTENT_DIR}`);
    const parts = path.split('/');
    if (parts.slice(1).some((_, index) => snapshot.files.has(parts.slice(0, index + 1).join('/')))) throw new ContentPathError(path, 'is inside a file, not a folder');
    for (const file of snapshot.files.keys()) if (file.startsWith(`${path}/`)) throw new ContentPathError(path, 'is a folder, not a file');
  }
}

type TreeChange = { path: string; mode: '100644'; type: 'blob' } & ({ sha: string | null } | { content: string });

/** The tree entry of one change, or null when it changes nothing (saved as it is, or deleted where nothing is). */
async function treeChange(
  snapshot: GithubSnapshot,
  change: FileChange,
  sha: string | null,
  blobOf: (content: Uint8Array, sha: string) => Promise<string>,
): Promise<TreeChange | null> {
  if ((snapshot.files.get(change.path)?.sha ?? null) === sha) return null;
  const base = { path: change.path, mode: '100644', type: 'blob' } as const;
  if (!change.content) return { ...base, sha: null };
  const text = utf8(change.content);
  return text === null ? { ...base, sha: await blobOf(change.content, sha!) } : { ...base, content: text };
}

export function githubStore(target: GithubTarget): ContentStore {
  const { branch } = target;
  const request = <T>(method: string, path: string, body?: unknown, tolerate?: number[]) => githubRequest<T>(target, method, path, body, tolerate);
  /** Blobs made for this save's pictures, by sha: a later try reuses them. */
  const blobMaker = () => {
    const made = new Map<string, Promise<string>>();
    return (content: Uint8Array, sha: string) => {
      if (!made.has(sha))
        made.set(
          sha,
          request<{ sha: string }>('POST', '/git/blobs', { content: bytesToBase64(content), encoding: 'base64' }).then(({ data }) => data.sha),
        );
      return made.get(sha)!;
    };
  };
  /** Moves the branch to `commit` if it is still at its parent: false when someone moved it first. */
  async function fastForward(commit: string): Promise<boolean> {
    const path = `/git/refs/heads/${encodePath(branch)}`;
    const moved = await request<{ message?: unknown } | null>('PATCH', path, { sha: commit, force: false }, [422]);
    if (moved.status === 200) return true;
    if (/not a fast[ -]forward/i.test(String(moved.data?.message ?? ''))) return false;
    throw refusalOf(target, replyOf('PATCH', path, moved, moved.data));
  }

  return {
    kind: 'github',

    snapshot: () => githubSnapshot(target),

    async transact(plan, author) {
      const blobOf = blobMaker();
      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        const snapshot = await githubSnapshot(target);
        const { changes, message, result } = await plan(snapshot);
        checkChanges(changes);
        checkPlaces(snapshot, changes);
        const shas = await Promise.all(changes.map((change) => change.content && gitBlobSha(change.content)));
        const files: SaveResult['files'] = changes.map((change, index) => ({ path: change.path, sha: shas[index]! }));
        const tree = (await Promise.all(changes.map((change, index) => treeChange(snapshot, change, shas[index]!, blobOf)))).filter((entry) => entry !== null);
        if (tree.length === 0) return { result, saved: { commit: null, files } };
        const made = await request<{ sha: string }>('POST', '/git/trees', { base_tree: snapshot.head.tree, tree });
        const commit = await request<{ sha: string }>('POST', '/git/commits', {
          message,
          tree: made.data.sha,
          parents: [snapshot.head.commit],
          author: { name: author.name, email: author.email },
        });
        if (await fastForward(commit.data.sha)) return { result, saved: { commit: commit.data.sha, files } };
      }
      throw keptMoving(target, ATTEMPTS);
    },
  };
}
