/**
 * Requests to GitHub's REST API (version 2022-11-28) for the GitHub store, and GitHub's refusals
 * turned into messages that say which setting to fix. The token goes in the Authorization header
 * only: no message, error or log line carries it.
 */

export interface GithubTarget {
  token: string;
  /** `owner/name`. */
  repository: string;
  branch: string;
  /** Without a trailing slash. */
  apiUrl: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
}

/** A request GitHub refused or never answered; `setting` names the setting to fix, when one is at fault. */
export class GithubStoreError extends Error {
  readonly status: number | null;
  readonly setting: 'GITHUB_TOKEN' | 'GITHUB_REPOSITORY' | 'GITHUB_BRANCH' | 'GITHUB_API_URL' | null;
  constructor(message: string, status: number | null, setting: GithubStoreError['setting']) {
    super(message);
    this.name = 'GithubStoreError';
    this.status = status;
    this.setting = setting;
  }
}

export interface GithubAnswer<T> {
  status: number;
  data: T;
}

/** Each part of a repository path (or a branch name) encoded, the slashes kept. */
export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

function describe(target: GithubTarget, method: string, path: string, status: number, message: string, headers: Headers): GithubStoreError {
  const { repository, branch } = target;
  const said = message ? ` (${status} ${message})` : ` (${status})`;
  if (status === 401)
    return new GithubStoreError(`GitHub refused GITHUB_TOKEN${said}: it is wrong, expired or revoked. Set GITHUB_TOKEN to a valid token.`, status, 'GITHUB_TOKEN');
  if ((status === 403 || status === 429) && (headers.get('x-ratelimit-remaining') === '0' || /rate limit/i.test(message)))
    return new GithubStoreError(`GitHub's rate limit for GITHUB_TOKEN is used up${said}: try again in a few minutes.`, status, 'GITHUB_TOKEN');
  if (status === 403) {
    const wants = method === 'GET' ? 'read' : 'write to';
    return new GithubStoreError(
      `GITHUB_TOKEN may not ${wants} ${repository}${said}: give the token the repository permission "Contents: Read and write" on ${repository}.`,
      status,
      'GITHUB_TOKEN',
    );
  }
  if (status === 404 && /^\/branches\//.test(path) && /branch not found/i.test(message))
    return new GithubStoreError(
      `GITHUB_BRANCH: ${repository} has no branch "${branch}"${said}. Set GITHUB_BRANCH to the branch the site is built from.`,
      status,
      'GITHUB_BRANCH',
    );
  if (status === 404)
    return new GithubStoreError(
      `GITHUB_REPOSITORY: ${repository} was not found, or GITHUB_TOKEN was not given access to it${said}. Check GITHUB_REPOSITORY and the token's repository access.`,
      status,
      'GITHUB_REPOSITORY',
    );
  if (status === 409 && /empty/i.test(message))
    return new GithubStoreError(`GITHUB_REPOSITORY: ${repository} is empty${said}: push the site to it first.`, status, 'GITHUB_REPOSITORY');
  return new GithubStoreError(`GitHub answered ${method} ${path}${said}.`, status, null);
}

/**
 * Sends one request to `/repos/{owner}/{name}{path}` and returns GitHub's answer; a status not
 * 2xx throws GithubStoreError, unless it is one of `tolerate` (then it is returned).
 */
export async function githubRequest<T>(target: GithubTarget, method: string, path: string, body?: unknown, tolerate: number[] = []): Promise<GithubAnswer<T>> {
  const url = `${target.apiUrl}/repos/${target.repository}${path}`;
  let response: Response;
  try {
    response = await target.fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${target.token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'user-agent': 'coach-site-content-editor',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new GithubStoreError(`GitHub could not be reached at GITHUB_API_URL (${target.apiUrl}): ${(error as Error).message}`, null, 'GITHUB_API_URL');
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (response.ok || tolerate.includes(response.status)) return { status: response.status, data: data as T };
  const message = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : response.statusText;
  throw describe(target, method, path.replace(/\?.*$/, ''), response.status, message, response.headers);
}

/** Whether a 422 from a branch update is GitHub's "Update is not a fast forward" (someone moved the branch). */
export const notFastForward = (answer: GithubAnswer<unknown>) =>
  answer.status === 422 && /fast[ -]forward/i.test(String((answer.data as { message?: unknown } | null)?.message ?? ''));
