/**
 * GitHub's refusals, typed for the endpoint and said for the editor. Each is a GithubStoreError
 * with a `kind` the endpoint answers by (shared/answers.ts: github-token, github-access, …),
 * GitHub's `status`, the `setting` to fix and, for a rate limit, `retryAt`; its message says what
 * happened and who can fix it, naming the setting, never the token.
 *
 * How GitHub refuses, as its REST and GraphQL documentation describe it:
 * - 401 "Bad credentials": the token is wrong, expired or revoked;
 * - 403 or 429 with `x-ratelimit-remaining: 0`: the primary rate limit is used up until
 *   `x-ratelimit-reset` (epoch seconds); with `retry-after` or a message naming a "secondary rate
 *   limit": a secondary limit, for `retry-after` seconds (a minute when GitHub does not say);
 *   GraphQL answers a used-up limit with 200 and an error of type RATE_LIMITED;
 * - any other 403: the token may not do that (a fine-grained token without "Contents: Read and
 *   write"); 404: no such repository, or the token was not given it (GraphQL: NOT_FOUND), or no
 *   such branch ("Branch not found"); 409 "Git Repository is empty.";
 * - 422 on a branch's update, naming a protected branch or a ruleset's violations ("Protected
 *   branch update failed for refs/heads/main.", "Repository rule violations found"): the branch
 *   only takes changes through pull requests, or from those allowed to push;
 * - 5xx, or no answer: GitHub (or the way to it) is failing.
 */

export type GithubSetting = 'GITHUB_TOKEN' | 'GITHUB_REPOSITORY' | 'GITHUB_BRANCH' | 'GITHUB_API_URL';

/** What kind of refusal: the endpoint answers each its own way. */
export type GithubRefusalKind = 'token' | 'access' | 'protected' | 'rate-limit' | 'unavailable' | 'unexpected';

export class GithubStoreError extends Error {
  readonly kind: GithubRefusalKind;
  /** GitHub's HTTP status, or null when there was no answer. */
  readonly status: number | null;
  /** The setting to fix, when one is at fault. */
  readonly setting: GithubSetting | null;
  /** When GitHub takes requests again (rate-limit only). */
  readonly retryAt: Date | null;
  constructor(message: string, details: { kind: GithubRefusalKind; status: number | null; setting?: GithubSetting | null; retryAt?: Date | null }) {
    super(message);
    this.name = 'GithubStoreError';
    this.kind = details.kind;
    this.status = details.status;
    this.setting = details.setting ?? null;
    this.retryAt = details.retryAt ?? null;
  }
}

/** Whom a refusal is about. */
export interface RefusalContext {
  repository: string;
  branch: string;
  apiUrl: string;
}

/** What GitHub answered to one request that it refused. */
export interface GithubReply {
  method: string;
  /** The request's path under the repository (`/git/trees/…`), or `graphql`. */
  path: string;
  status: number;
  /** GitHub's `message` (REST) or the first error's (GraphQL). */
  message: string;
  headers: Headers;
  /** GraphQL's errors, when the reply is GraphQL's. */
  graphqlErrors?: readonly { type?: string; message?: string; path?: readonly (string | number)[] }[];
}

const IN_PAGES = "in the Pages project's settings";
const GIVE_CONTENTS = (repository: string) => `The site's owner can give the token "Contents: Read and write" on ${repository} in GitHub's token settings.`;
/** A time as the editor says it: `2026-11-28 14:05 UTC`. */
const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
/** The API's address without anything a URL may carry before its host (a user, a password). */
export const shownAddress = (apiUrl: string) => {
  try {
    const url = new URL(apiUrl);
    return `${url.origin}${url.pathname.replace(/\/$/, '')}`;
  } catch {
    return 'GITHUB_API_URL';
  }
};

const PROTECTED = /protected branch|repository rule violations|required status check|changes must be made through|not authorized to push|cannot force-push/i;
const SECONDARY = /secondary rate limit/i;
const RATE_LIMITED_TYPES = new Set(['RATE_LIMITED', 'RATE_LIMIT']);

/** When GitHub takes requests again, by its headers, or null when nothing says a rate limit was hit. */
function rateLimitedUntil(reply: GithubReply): { retryAt: Date; secondary: boolean } | null {
  const { headers, status } = reply;
  const retryAfter = Number(headers.get('retry-after'));
  const reset = Number(headers.get('x-ratelimit-reset'));
  const usedUp = headers.get('x-ratelimit-remaining') === '0';
  const graphqlLimited = reply.graphqlErrors?.some((error) => RATE_LIMITED_TYPES.has(error.type ?? '')) ?? false;
  const secondary = SECONDARY.test(reply.message) || (headers.has('retry-after') && Number.isFinite(retryAfter));
  if (!secondary && !usedUp && !graphqlLimited && status !== 429) return null;
  if (headers.has('retry-after') && Number.isFinite(retryAfter)) return { retryAt: new Date(Date.now() + retryAfter * 1000), secondary };
  if ((usedUp || graphqlLimited) && reset > 0) return { retryAt: new Date(reset * 1000), secondary };
  return { retryAt: new Date(Date.now() + 60_000), secondary };
}

/** The refusal GitHub's reply stands for. */
export function refusalOf(context: RefusalContext, reply: GithubReply): GithubStoreError {
  const { repository, branch } = context;
  const { status, method, path } = reply;
  const refuse = (kind: GithubRefusalKind, message: string, setting: GithubSetting | null = null, retryAt: Date | null = null) =>
    new GithubStoreError(message, { kind, status, setting, retryAt });

  if (status === 401) return refuse('token', `GitHub refused GITHUB_TOKEN: it is wrong, expired or revoked. The site's owner can renew it ${IN_PAGES}.`, 'GITHUB_TOKEN');
  const limited = status === 403 || status === 429 || reply.graphqlErrors ? rateLimitedUntil(reply) : null;
  if (limited)
    return refuse(
      'rate-limit',
      limited.secondary
        ? `GitHub is holding back requests made with GITHUB_TOKEN, for too many at once, until ${when(limited.retryAt)}. Saving works again then; nothing needs fixing.`
        : `GitHub's hourly allowance of requests for GITHUB_TOKEN is used up until ${when(limited.retryAt)}. Saving works again then; nothing needs fixing.`,
      'GITHUB_TOKEN',
      limited.retryAt,
    );
  const branchUpdate = method === 'PATCH' && path.startsWith('/git/refs/');
  if (branchUpdate && (status === 422 || status === 403 || status === 409) && PROTECTED.test(reply.message))
    return refuse(
      'protected',
      `GitHub refused to let GITHUB_TOKEN change the branch ${branch} of ${repository}: it is protected, or a ruleset only takes changes through pull requests. The site's owner can let the token's owner push to ${branch} in the repository's rules, or set GITHUB_BRANCH ${IN_PAGES} to a branch that takes them.`,
      'GITHUB_BRANCH',
    );
  if (status === 403) {
    const what = method === 'GET' || path === 'graphql' ? `read ${repository}` : `write to ${repository}`;
    return refuse('access', `GitHub refused to let GITHUB_TOKEN ${what}. ${GIVE_CONTENTS(repository)}`, 'GITHUB_TOKEN');
  }
  const graphqlError = (type: string) => reply.graphqlErrors?.some((error) => error.type === type) ?? false;
  if (graphqlError('FORBIDDEN')) return refuse('access', `GitHub refused to let GITHUB_TOKEN read ${repository}. ${GIVE_CONTENTS(repository)}`, 'GITHUB_TOKEN');
  if (path.startsWith('/branches/') && status === 404 && /branch not found/i.test(reply.message))
    return refuse(
      'access',
      `GitHub finds no branch "${branch}" in ${repository}. The site's owner can set GITHUB_BRANCH to the branch the site is built from ${IN_PAGES}.`,
      'GITHUB_BRANCH',
    );
  if (status === 404 || graphqlError('NOT_FOUND'))
    return refuse(
      'access',
      `GitHub finds no repository ${repository} that GITHUB_TOKEN may see. The site's owner can correct GITHUB_REPOSITORY ${IN_PAGES}, or give the token access to ${repository} on GitHub.`,
      'GITHUB_REPOSITORY',
    );
  if (status === 409 && /empty/i.test(reply.message))
    return refuse(
      'access',
      `The repository ${repository} is empty. The site's owner can push the site to it, or correct GITHUB_REPOSITORY ${IN_PAGES}.`,
      'GITHUB_REPOSITORY',
    );
  if (status >= 500) return refuse('unavailable', `GitHub failed to answer (${status}). Saving again in a few minutes usually works; nothing needs fixing.`);
  const said = reply.message ? `: ${reply.message.trim().split('\n')[0]}` : '';
  return refuse('unexpected', `GitHub refused ${method} ${path} (${status}${said}). The site's developer can look into it.`);
}

/** GitHub gave no answer at all. */
export function unreachable(context: RefusalContext): GithubStoreError {
  return new GithubStoreError(
    `GitHub could not be reached at ${shownAddress(context.apiUrl)}. Saving again in a few minutes may work; if it keeps failing, the site's owner can check GITHUB_API_URL ${IN_PAGES}.`,
    { kind: 'unavailable', status: null, setting: 'GITHUB_API_URL' },
  );
}

/** Others kept moving the branch under a save, `attempts` times. */
export function keptMoving(context: RefusalContext, attempts: number): GithubStoreError {
  return new GithubStoreError(
    `Others kept saving to the branch ${context.branch} of ${context.repository} while this save was being made (${attempts} tries). Saving again usually works.`,
    { kind: 'unavailable', status: null },
  );
}

/** GitHub answered, but not as its documentation says it answers. */
export function oddAnswer(context: RefusalContext, what: string): GithubStoreError {
  return new GithubStoreError(`GitHub's answer about ${context.repository} made no sense (${what}). The site's developer can look into it.`, {
    kind: 'unexpected',
    status: null,
  });
}
