/**
 * What the content endpoint answers and the editor reads: the endpoint's address, the store a save
 * went to, and a refusal's shape. Every refusal is JSON with the sentence in `error` (the server's
 * own words, also in its log; no repository path, key or token) and its `reason`, by which the
 * editor says it in the marketer's words (admin.json → contentEditor.errors), filled in with the
 * details the answer carries.
 */
import type { ContentProblem } from '~/lib/content-problems';

export type { ContentProblem } from '~/lib/content-problems';

/** Where the editor sends Decap's proxy protocol (`{ action, params }`). */
export const CONTENT_ENDPOINT = '/api/content';

/** Which store took a save: the GitHub repository (deployed) or the working tree (`npm run dev`). */
export type StoreKind = 'github' | 'working-tree';

/** Why a request was refused. */
export const REFUSAL_REASONS = {
  /** 401: no session, or it has ended. */
  'signed-out': 401,
  /** 403: neither an admin nor an editor. */
  'not-allowed': 403,
  /** 403: an editor's save changes what only the site's owner may change (`problems` name the fields). */
  'owner-only': 403,
  /** 403: a collection that takes no new entries, a file that cannot be deleted. */
  'not-offered': 403,
  /** 400: a request the editor never sends (a path outside the content, a malformed body, JSON nested too deep). */
  'bad-request': 400,
  /** 409: the file changed since it was opened. */
  stale: 409,
  /** 409: a new entry or picture where a file of that name is already. */
  exists: 409,
  /** 413: the request is over `limitMegabytes`. */
  'too-large': 413,
  /** 422: the save breaks a rule of the build (`problems`). */
  invalid: 422,
  /** 428: the save names no version of a file it changes: the editor must be reloaded. */
  'no-version': 428,
  /** 429: GitHub's rate limit is used up until `retryAt`. */
  'github-rate-limit': 429,
  /** 403: GitHub refuses changes to the branch (protected, or a ruleset). */
  'github-protected': 403,
  /** 503: GitHub refused GITHUB_TOKEN (wrong, expired or revoked). */
  'github-token': 503,
  /** 503: GITHUB_TOKEN may not read or write the repository, or there is no such repository or branch. */
  'github-access': 503,
  /** 502: GitHub did not answer, or answered with an error of its own: trying again later helps. */
  'github-unavailable': 502,
  /** 503: the server lacks its settings (`missing` to a signed-in admin or editor only). */
  'not-set-up': 503,
  /** 500: anything else (said in the log). */
  failed: 500,
} as const;

export type RefusalReason = keyof typeof REFUSAL_REASONS;

export interface ContentRefusal {
  error: string;
  reason: RefusalReason;
  /** invalid, owner-only: each problem with its file (to place it in the form), field and words. */
  problems?: ContentProblem[];
  /** not-set-up: the settings missing, named to a signed-in admin or editor only. */
  missing?: string[];
  /** github-rate-limit: when GitHub takes saves again (ISO 8601). */
  retryAt?: string;
  /** too-large: the largest request, in MB. */
  limitMegabytes?: number;
}

export const isRefusalReason = (value: unknown): value is RefusalReason => typeof value === 'string' && Object.hasOwn(REFUSAL_REASONS, value);
