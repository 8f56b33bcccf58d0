/**
 * Test controls that make the fake GitHub (tests/support/fake-github.mjs) refuse as GitHub refuses,
 * each for the next `times` requests it applies to, or until cleared:
 *
 * - `revoked-token`: the token it knew is now refused, 401 "Bad credentials" (expired or revoked);
 * - `no-access`: the token was not given the repository: 404 "Not Found" (GraphQL: NOT_FOUND);
 * - `read-only`: the token may read but not write: 403 on every write;
 * - `protected-branch`, `ruleset`: the branch's update refused, 422, as GitHub refuses to move a
 *   protected branch or one a ruleset guards (both apply to branch updates only);
 * - `rate-limit`: the primary rate limit used up: 403 (or `status` 429) with x-ratelimit-remaining 0
 *   and x-ratelimit-reset (`resetAt`, epoch seconds); GraphQL answers 200 with a RATE_LIMITED error;
 * - `secondary-rate-limit`: 403 (or 429) with retry-after (`retryAfter` seconds, 60 unless given);
 * - `down`: GitHub failing, `status` (503 unless given) with its HTML error page.
 */

export const REFUSAL_KINDS = ['revoked-token', 'no-access', 'read-only', 'protected-branch', 'ruleset', 'rate-limit', 'secondary-rate-limit', 'down'];
const REST_DOCS = 'https://docs.github.com/rest';
const RATE_DOCS = `${REST_DOCS}/overview/rate-limits-for-the-rest-api`;
const REQUEST_ID = 'C0DE:1234:5678AB:9ABCDE:66000000';

const json = (status, message, documentation = REST_DOCS, headers = {}) => ({
  status,
  body: { message, documentation_url: documentation, status: String(status) },
  headers,
});

/** GitHub's rate-limit headers: `remaining` of 5000 left in the window ending at `reset` (epoch seconds). */
export const rateHeaders = (remaining, reset, resource) => ({
  'x-ratelimit-limit': '5000',
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-used': String(5000 - remaining),
  'x-ratelimit-reset': String(reset),
  'x-ratelimit-resource': resource,
});

export function refusalControls() {
  /** @type {Map<string, { times: number, status?: number, retryAfter?: number, resetAt?: number }>} */
  const active = new Map();

  /** `resetAt`: a Date, an ISO 8601 time or epoch seconds. */
  function set(kind, { times = Infinity, resetAt, ...options } = {}) {
    if (!REFUSAL_KINDS.includes(kind)) throw new Error(`no such refusal: ${kind} (one of ${REFUSAL_KINDS.join(', ')})`);
    if (!(times > 0)) throw new Error('times must be a positive number');
    const reset = typeof resetAt === 'number' ? resetAt : resetAt === undefined ? undefined : Math.floor(new Date(resetAt).getTime() / 1000);
    if (Number.isNaN(reset)) throw new Error('resetAt must be a time');
    active.set(kind, { times, ...options, ...(reset === undefined ? {} : { resetAt: reset }) });
  }

  /** Counts one use of `kind` and returns its options, when it is set. */
  function use(kind) {
    const refusal = active.get(kind);
    if (!refusal) return null;
    refusal.times -= 1;
    if (refusal.times <= 0) active.delete(kind);
    return refusal;
  }

  /**
   * What this request meets: `{ answer }` (GitHub's refusal: status, body, headers), `{ access }`
   * (what the token may do instead of what it could) or null.
   * @param {{ graphql: boolean, write: boolean, branchUpdate: string | null }} request
   */
  function meet({ graphql, write, branchUpdate }) {
    let refusal;
    if ((refusal = use('down')))
      return {
        answer: {
          status: refusal.status ?? 503,
          text: '<!DOCTYPE html><html><head><title>Unicorn! · GitHub</title></head><body>No server is currently available to service your request.</body></html>',
        },
      };
    if (use('revoked-token')) return { answer: json(401, 'Bad credentials', graphql ? 'https://docs.github.com/graphql' : REST_DOCS) };
    if ((refusal = use('rate-limit'))) {
      const reset = refusal.resetAt ?? Math.floor(Date.now() / 1000) + 1800;
      const headers = rateHeaders(0, reset, graphql ? 'graphql' : 'core');
      if (graphql) return { answer: { status: 200, body: { errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for user ID 583231.' }] }, headers } };
      const message = `API rate limit exceeded for user ID 583231. If you reach out to GitHub Support for help, please include the request ID ${REQUEST_ID}.`;
      return { answer: json(refusal.status ?? 403, message, RATE_DOCS, headers) };
    }
    if ((refusal = use('secondary-rate-limit'))) {
      const message = `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${REQUEST_ID}.`;
      return { answer: json(refusal.status ?? 403, message, `${RATE_DOCS}#about-secondary-rate-limits`, { 'retry-after': String(refusal.retryAfter ?? 60) }) };
    }
    if (use('no-access')) return { access: 'none' };
    if (write && use('read-only')) return { access: 'read' };
    if (branchUpdate && use('protected-branch'))
      return { answer: json(422, `Protected branch update failed for refs/heads/${branchUpdate}.`, `${REST_DOCS}/git/refs#update-a-reference`) };
    if (branchUpdate && use('ruleset'))
      return { answer: json(422, 'Repository rule violations found\n\nChanges must be made through a pull request.\n\n', `${REST_DOCS}/git/refs#update-a-reference`) };
    return null;
  }

  return {
    set,
    clear: (kind) => (kind ? active.delete(kind) : active.clear()),
    list: () => [...active].map(([kind, options]) => ({ kind, ...options, times: Number.isFinite(options.times) ? options.times : null })),
    meet,
  };
}
