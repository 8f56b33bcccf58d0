/**
 * One request to the content endpoint (`POST /api/content`, Decap's proxy protocol) with the
 * signed-in user's token, and its refusals in plain words. The endpoint answers JSON, errors
 * included: `{error, problems?: [{file, line, column, field, message}], missing?: [names]}`.
 */
import { fill } from '~/features/admin/text';
import type { ContentEditorCopy } from '../shared/schema';
import { isRecord } from '~/lib/is-record';

export const CONTENT_ENDPOINT = '/api/content';
/** As long as Decap's own proxy client waits: an entry with its pictures travels in one request. */
const TIMEOUT_MS = 60_000;

/** A problem of a refused save, as the build reports it (src/lib/content-problems.ts). */
export interface ContentProblem {
  file: string;
  line?: number;
  column?: number;
  /** `featured`, `[2].author`, `hero.title`; empty for the file as a whole. */
  field: string;
  message: string;
}

/** Which store took a save: the GitHub repository (deployed) or the working tree (`npm run dev`). */
export type StoreKind = 'github' | 'working-tree';

/**
 * A refusal as Decap shows it: its toasts print `String(error)`, which for an Error reads
 * "Name: message" ("API_ERROR: …" for Decap's own); this one reads as its message alone.
 */
export class ContentError extends Error {
  readonly status: number | null;
  readonly problems: readonly ContentProblem[];
  constructor(message: string, status: number | null, problems: readonly ContentProblem[] = []) {
    super(message);
    this.name = 'ContentError';
    this.status = status;
    this.problems = problems;
  }
  override toString(): string {
    return this.message;
  }
}

/** How a problem's field reads to the marketer: its label in the form where it has one. */
export type FieldLabel = (problem: ContentProblem) => string;


function problemsOf(answer: unknown): ContentProblem[] {
  if (!isRecord(answer) || !Array.isArray(answer.problems)) return [];
  return answer.problems.filter(
    (problem): problem is ContentProblem =>
      isRecord(problem) && typeof problem.file === 'string' && typeof problem.field === 'string' && typeof problem.message === 'string',
  );
}

const errorText = (answer: unknown): string => (isRecord(answer) && typeof answer.error === 'string' ? answer.error : '');

/** The settings a 503 names as missing (GITHUB_TOKEN, …). */
function missingOf(answer: unknown): string[] {
  if (!isRecord(answer) || !Array.isArray(answer.missing)) return [];
  return answer.missing.filter((name): name is string => typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name));
}

/** A refused request in plain words; `status` null: the endpoint was not reached (offline, timed out). */
export function refusal(status: number | null, answer: unknown, copy: ContentEditorCopy['errors'], labelOf: FieldLabel = (problem) => problem.field): ContentError {
  const problems = problemsOf(answer);
  if (status === null) return new ContentError(copy.offline, null);
  if (status === 401) return new ContentError(copy.unauthorized, status);
  if (status === 403) return new ContentError(copy.forbidden, status);
  if (status === 409) return new ContentError(copy.stale, status);
  if (status === 422) {
    const said = problems.map((problem) => {
      const label = labelOf(problem);
      return label ? `${label}: ${problem.message}` : problem.message;
    });
    return new ContentError(fill(copy.invalid, { details: said.join('; ') || errorText(answer) }), status, problems);
  }
  if (status === 503) {
    const missing = missingOf(answer);
    return new ContentError(fill(copy.notConfigured, { missing: missing.length ? missing.join(', ') : errorText(answer) }), status);
  }
  return new ContentError(fill(copy.failed, { status }), status);
}

export interface RequestOptions {
  /** The signed-in user's access token (supabase-js' current session, refreshed as it does). */
  token: () => Promise<string | null>;
  copy: ContentEditorCopy['errors'];
  labelOf?: FieldLabel;
  fetch?: typeof fetch;
}

/** POSTs one action; its answer, or throws a ContentError in plain words. */
export async function requestContent(body: { action: string; params?: Record<string, unknown>; branch?: string }, options: RequestOptions): Promise<unknown> {
  const token = await options.token();
  if (!token) throw refusal(401, null, options.copy);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(CONTENT_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw refusal(null, null, options.copy);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw refusal(response.status, answer, options.copy, options.labelOf);
  return answer;
}

/** The store a save's (or `info`'s) answer names, if it names one. */
export function storeOf(answer: unknown): StoreKind | null {
  return isRecord(answer) && (answer.store === 'github' || answer.store === 'working-tree') ? answer.store : null;
}
