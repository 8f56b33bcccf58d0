/**
 * Requests to GitHub for the GitHub store: its REST API (version 2022-11-28) and its GraphQL API,
 * fetch only. A refusal throws GithubStoreError (github-refusals.ts). The token goes in the
 * Authorization header only: no message, error or log line carries it.
 */
import { oddAnswer, refusalOf, unreachable, type GithubReply } from './github-refusals';

export { GithubStoreError } from './github-refusals';

export interface GithubTarget {
  token: string;
  /** `owner/name`. */
  repository: string;
  branch: string;
  /** Without a trailing slash: https://api.github.com, or https://HOST/api/v3 (GitHub Enterprise Server). */
  apiUrl: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
}

export interface GithubAnswer<T> {
  status: number;
  statusText: string;
  headers: Headers;
  data: T;
}

/** Each part of a repository path (or a branch name) encoded, the slashes kept. */
export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * GraphQL's address beside the REST API's: https://api.github.com/graphql on github.com (and
 * api.SUBDOMAIN.ghe.com/graphql), https://HOST/api/graphql on GitHub Enterprise Server, whose
 * REST API is https://HOST/api/v3.
 */
export const graphqlUrl = (apiUrl: string) => (/\/api\/v3$/.test(apiUrl) ? apiUrl.replace(/\/api\/v3$/, '/api/graphql') : `${apiUrl}/graphql`);

const messageOf = (data: unknown, fallback: string) =>
  data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : fallback;

async function send(target: GithubTarget, url: string, method: string, body: unknown): Promise<{ response: Response; data: unknown }> {
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
  } catch {
    throw unreachable(target);
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // GitHub's error pages (5xx) are HTML
    data = null;
  }
  return { response, data };
}

/**
 * Sends one request to `/repos/{owner}/{name}{path}` and returns GitHub's answer; a status not 2xx
 * throws GithubStoreError, unless it is one of `tolerate` (then it is returned).
 */
export async function githubRequest<T>(target: GithubTarget, method: string, path: string, body?: unknown, tolerate: number[] = []): Promise<GithubAnswer<T>> {
  const { response, data } = await send(target, `${target.apiUrl}/repos/${target.repository}${path}`, method, body);
  if (response.ok || tolerate.includes(response.status)) return { status: response.status, statusText: response.statusText, headers: response.headers, data: data as T };
  throw refusalOf(target, replyOf(method, path, response, data));
}

/** A reply GitHub refused with, for refusalOf. */
export function replyOf(
  method: string,
  path: string,
  response: Pick<Response, 'status' | 'statusText' | 'headers'>,
  data: unknown,
  graphqlErrors?: GithubReply['graphqlErrors'],
): GithubReply {
  const message = graphqlErrors?.[0]?.message ?? messageOf(data, response.statusText);
  return { method, path: path.replace(/\?.*$/, ''), status: response.status, message, headers: response.headers, ...(graphqlErrors ? { graphqlErrors } : {}) };
}

const WHOLE_QUERY_ERRORS = new Set(['RATE_LIMITED', 'RATE_LIMIT', 'FORBIDDEN']);

export interface GraphqlError {
  type?: string;
  message?: string;
  path?: (string | number)[];
}

/**
 * Sends one GraphQL query. Errors about the query as a whole (a used-up rate limit, a repository
 * the token cannot see or read, a query GitHub would not run) throw GithubStoreError; errors about
 * one of its fields (`path` under `repository`) are returned with the data, for the caller to judge.
 */
export async function githubGraphql<T>(target: GithubTarget, query: string, variables: Record<string, unknown>): Promise<{ data: T; errors: GraphqlError[] }> {
  const { response, data } = await send(target, graphqlUrl(target.apiUrl), 'POST', { query, variables });
  if (!response.ok) throw refusalOf(target, replyOf('POST', 'graphql', response, data));
  const answer = (data ?? {}) as { data?: T | null; errors?: GraphqlError[] };
  const errors = Array.isArray(answer.errors) ? answer.errors : [];
  // a field the token may not read (FORBIDDEN) is a refusal too: every other field would be refused alike
  const ofAField = (error: GraphqlError) => error.path?.[0] === 'repository' && error.path.length > 1 && !WHOLE_QUERY_ERRORS.has(error.type ?? '');
  if (errors.some((error) => !ofAField(error))) throw refusalOf(target, replyOf('POST', 'graphql', response, data, errors));
  if (!answer.data) throw oddAnswer(target, 'GraphQL answered neither data nor errors');
  return { data: answer.data, errors };
}
