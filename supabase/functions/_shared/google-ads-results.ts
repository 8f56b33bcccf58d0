/**
 * What the Data Manager API's answers mean for the events sent. Google's errors follow the
 * Google API error model: `{error: {code, message, status, details: [ErrorInfo, BadRequest, …]}}`,
 * the HTTP status in `code`, the canonical code in `status`, the reason in `google.rpc.ErrorInfo`
 * and the refused fields in `google.rpc.BadRequest` (`events[3].adIdentifiers.gclid`). The API
 * fails fast: one refused event refuses the whole request, nothing of it is kept. Runtime-free.
 */

/**
 * - `sent`: Google took the request (`requestId` is null for a validateOnly request);
 * - `transient`: no answer, a timeout, 429, 5xx, or the token endpoint out of reach: send the
 *   same events again later;
 * - `account`: the key, the account or a conversion action is refused, so every event would be:
 *   keep them pending and pause (`conversionActionId` when Google named the action);
 * - `rejected`: the request was refused for what is in it: `events` are the indexes Google
 *   named, empty when it refused the request as a whole.
 */
export type GoogleSendResult =
  | { kind: 'sent'; requestId: string | null }
  | { kind: 'transient'; status: number | null; reason: string; message: string }
  | { kind: 'account'; status: number | null; reason: string; message: string; conversionActionId?: string }
  | { kind: 'rejected'; status: number | null; reason: string; message: string; events: number[] };

export type GoogleProblem = Exclude<GoogleSendResult, { kind: 'sent' }>;

export const REQUEST_STATUSES = ['PROCESSING', 'SUCCESS', 'PARTIAL_SUCCESS', 'FAILED', 'REQUEST_STATUS_UNKNOWN'] as const;

/** How Google's processing of one destination of a request went (`RequestStatusPerDestination`). */
export interface GoogleDestinationStatus {
  status: (typeof REQUEST_STATUSES)[number];
  productDestinationId: string | null;
  /** Events sent to the destination, whether or not they were taken. */
  recordCount: number | null;
  /** Events refused in processing, by Google's reason (`PROCESSING_ERROR_REASON_EVENT_TOO_OLD`, …). */
  errors: { reason: string; count: number }[];
}

export type GoogleStatusResult = { kind: 'status'; destinations: GoogleDestinationStatus[] } | GoogleProblem;

export interface GoogleApiError {
  status: number;
  /** The canonical code: INVALID_ARGUMENT, PERMISSION_DENIED, UNAVAILABLE, … */
  code: string | null;
  /** ErrorInfo's reason, else the canonical code, else `HTTP <status>`. */
  reason: string;
  message: string;
  metadata: Record<string, string>;
  fields: string[];
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; status?: unknown; details?: unknown };
}

export async function readGoogleError(response: Response): Promise<GoogleApiError> {
  const body = ((await response.json().catch(() => ({}))) ?? {}) as ErrorBody;
  const error = typeof body.error === 'object' && body.error !== null ? body.error : {};
  const details = Array.isArray(error.details) ? (error.details as Record<string, unknown>[]) : [];
  const ofType = (name: string) => details.filter((detail) => typeof detail?.['@type'] === 'string' && detail['@type'].endsWith(`google.rpc.${name}`));
  const info = ofType('ErrorInfo')[0];
  const violations = ofType('BadRequest').flatMap((detail) => (Array.isArray(detail['fieldViolations']) ? (detail['fieldViolations'] as { field?: unknown }[]) : []));
  const code = typeof error.status === 'string' ? error.status : null;
  return {
    status: response.status,
    code,
    reason: typeof info?.['reason'] === 'string' ? info['reason'] : (code ?? `HTTP ${response.status}`),
    message: typeof error.message === 'string' && error.message ? error.message : `HTTP ${response.status}`,
    metadata: typeof info?.['metadata'] === 'object' && info['metadata'] !== null ? (info['metadata'] as Record<string, string>) : {},
    fields: violations.map((violation) => (typeof violation.field === 'string' ? violation.field : '')).filter(Boolean),
  };
}

const TRANSIENT_CODES = new Set(['RESOURCE_EXHAUSTED', 'UNAVAILABLE', 'INTERNAL', 'DEADLINE_EXCEEDED', 'ABORTED']);
/** Reasons that refuse every event alike: a setting of the coach's must change. */
export const ACCOUNT_REASONS: ReadonlySet<string> = new Set([
  'PERMISSION_DENIED',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'TERMS_AND_CONDITIONS_NOT_SIGNED',
  'INVALID_CONVERSION_ACTION_ID',
  'INVALID_CONVERSION_ACTION_TYPE',
  'INVALID_DESTINATION',
  'DESTINATION_ACCOUNT_ENHANCED_CONVERSIONS_TERMS_NOT_SIGNED',
  // Google Cloud's: the API is not enabled in the project, the token lacks the scope, the project is gone.
  'SERVICE_DISABLED',
  'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
  'CONSUMER_INVALID',
  'USER_PROJECT_DENIED',
]);

/** The index of the event a field path names (`events[3].adIdentifiers.gclid` → 3), or null. */
export function eventIndex(field: string): number | null {
  const match = /^events\[(\d+)\]/.exec(field);
  return match ? Number(match[1]) : null;
}

/** What a refusal means; `actions` are the request's destinations' action ids, in order. */
export function classifyGoogleError(error: GoogleApiError, eventCount: number, actions: readonly string[] = []): GoogleProblem {
  const { status, reason, message } = error;
  if (status === 429 || status >= 500 || (error.code !== null && TRANSIENT_CODES.has(error.code))) return { kind: 'transient', status, reason, message };
  const named = error.fields.map((field) => /^destinations\[(\d+)\]\.productDestinationId/.exec(field)?.[1]).find((index) => index !== undefined);
  const conversionActionId = named !== undefined ? actions[Number(named)] : undefined;
  const account = { kind: 'account' as const, status, reason, message, ...(conversionActionId ? { conversionActionId } : {}) };
  if (status === 401 || status === 403 || status === 404) return account;
  const events = [...new Set(error.fields.map(eventIndex).filter((index): index is number => index !== null && index < eventCount))].sort((a, b) => a - b);
  if (events.length > 0) return { kind: 'rejected', status, reason, message, events };
  const onDestinations = error.fields.length > 0 && error.fields.every((field) => field.startsWith('destinations'));
  if (ACCOUNT_REASONS.has(reason) || onDestinations) return account;
  return { kind: 'rejected', status, reason, message, events: [] };
}

/** No answer at all (network, timeout): Google may have the events; the same transaction ids are counted once. */
export function unanswered(error: unknown): GoogleProblem {
  const timeout = error instanceof Error && error.name === 'TimeoutError';
  return { kind: 'transient', status: null, reason: timeout ? 'timeout' : 'network', message: `Google did not answer: ${timeout ? 'timeout' : String(error)}` };
}
