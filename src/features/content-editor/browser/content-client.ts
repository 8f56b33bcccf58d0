/**
 * One request to the content endpoint (`POST /api/content`, Decap's proxy protocol) with the
 * signed-in user's token, and its refusals in the marketer's words: each refusal's `reason`
 * (shared/answers.ts) is a sentence of the copy (admin.json → contentEditor.errors), filled in
 * with what the answer carries: the fields by their labels, the time GitHub takes saves again as
 * her own clock says it, the largest save in MB. The server's own `error` text is never shown.
 */
import { fill } from '~/features/admin/text';
import { CONTENT_ENDPOINT, type ContentProblem, type ContentRefusal, REFUSAL_REASONS, type RefusalReason, type StoreKind, isRefusalReason } from '../shared/answers';
import type { ContentEditorCopy } from '../shared/schema';
import { isRecord } from '~/lib/is-record';

export { CONTENT_ENDPOINT, type ContentProblem, type StoreKind };

/** As long as Decap's own proxy client waits: an entry with its pictures travels in one request. */
const TIMEOUT_MS = 60_000;

/**
 * A refusal as Decap shows it: its toasts print `String(error)`, which for an Error reads
 * "Name: message" ("API_ERROR: …" for Decap's own); this one reads as its message alone.
 */
export class ContentError extends Error {
  readonly status: number | null;
  readonly reason: RefusalReason | 'offline';
  readonly problems: readonly ContentProblem[];
  constructor(message: string, status: number | null, reason: RefusalReason | 'offline', problems: readonly ContentProblem[] = []) {
    super(message);
    this.name = 'ContentError';
    this.status = status;
    this.reason = reason;
    this.problems = problems;
  }
  override toString(): string {
    return this.message;
  }
}

/** Where a problem is, in words the marketer knows: a field's label ("Title"), a field of another entry, a picture. */
export type ProblemPlace = (problem: Pick<ContentProblem, 'file' | 'field'>) => string;

/** Lacking the form's labels: the last part of the field's path, in words. */
const plainPlace: ProblemPlace = ({ field }) => {
  const name =
    field
      .split(/[.[\]]/)
      .filter((part) => part && !/^\d+$/.test(part))
      .at(-1) ?? '';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function problemsOf(answer: unknown): ContentProblem[] {
  if (!isRecord(answer) || !Array.isArray(answer.problems)) return [];
  return answer.problems.filter(
    (problem): problem is ContentProblem =>
      isRecord(problem) && typeof problem.file === 'string' && typeof problem.field === 'string' && typeof problem.message === 'string',
  );
}

/** The settings a 503 names as missing (GITHUB_TOKEN, …): for the site's developer, whom the sentence asks to add them. */
function missingOf(answer: unknown): string[] {
  if (!isRecord(answer) || !Array.isArray(answer.missing)) return [];
  return answer.missing.filter((name): name is string => typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name));
}

/** The reason an answer gives, else the one its status means (an endpoint or a proxy that gives none). */
function reasonOf(status: number, answer: unknown): RefusalReason {
  if (isRecord(answer) && isRefusalReason(answer.reason)) return answer.reason;
  const byStatus: Partial<Record<number, RefusalReason>> = {
    401: 'signed-out',
    403: 'not-allowed',
    409: 'stale',
    413: 'too-large',
    422: 'invalid',
    428: 'no-version',
    429: 'github-rate-limit',
    503: 'not-set-up',
  };
  return byStatus[status] ?? 'failed';
}

/** "14:05", by her own clock; null when `iso` is no time. */
export function clockTime(iso: unknown, locale?: string): string | null {
  const at = typeof iso === 'string' ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

const unique = (words: readonly string[]) => [...new Set(words)];

/** A refused request in plain words; `status` null: the endpoint was not reached (offline, timed out). */
export function refusal(status: number | null, answer: unknown, copy: ContentEditorCopy['errors'], placeOf: ProblemPlace = plainPlace): ContentError {
  if (status === null) return new ContentError(copy.offline, null, 'offline');
  const reason = reasonOf(status, answer);
  const problems = problemsOf(answer);
  const said = (words: string) => new ContentError(words, status, reason, problems);
  const details = isRecord(answer) ? (answer as Partial<ContentRefusal>) : {};
  switch (reason) {
    case 'invalid': {
      const each = problems.map((problem) => {
        const place = placeOf(problem);
        return place ? `${place}: ${problem.message}` : problem.message;
      });
      return said(fill(copy.invalid, { details: each.join('; ') }));
    }
    case 'owner-only':
      return said(fill(copy['owner-only'], { fields: unique(problems.map(placeOf).filter(Boolean)).join(', ') }));
    case 'too-large': {
      const megabytes = typeof details.limitMegabytes === 'number' ? details.limitMegabytes : null;
      return megabytes === null ? said(copy.failed) : said(fill(copy['too-large'], { megabytes }));
    }
    case 'github-rate-limit': {
      const time = clockTime(details.retryAt);
      return said(time ? fill(copy['github-rate-limit'], { time }) : copy['github-unavailable']);
    }
    case 'not-set-up':
      return said(fill(copy['not-set-up'], { missing: missingOf(answer).join(', ') || '…' }));
    default:
      return said(copy[reason]);
  }
}

export interface RequestOptions {
  /** The signed-in user's access token (supabase-js' current session, refreshed as it does). */
  token: () => Promise<string | null>;
  copy: ContentEditorCopy['errors'];
  placeOf?: ProblemPlace;
  fetch?: typeof fetch;
}

/** POSTs one action; its answer, or throws a ContentError in plain words. */
export async function requestContent(body: { action: string; params?: Record<string, unknown>; branch?: string }, options: RequestOptions): Promise<unknown> {
  const token = await options.token();
  if (!token) throw refusal(REFUSAL_REASONS['signed-out'], null, options.copy);
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
  if (!response.ok) throw refusal(response.status, answer, options.copy, options.placeOf);
  return answer;
}

/** The store a save's (or `info`'s) answer names, if it names one. */
export function storeOf(answer: unknown): StoreKind | null {
  return isRecord(answer) && (answer.store === 'github' || answer.store === 'working-tree') ? answer.store : null;
}
