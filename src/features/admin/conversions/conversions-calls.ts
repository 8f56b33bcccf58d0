/**
 * The Conversions tab's calls, read: why an RPC failed, and the answers of the
 * `conversions-test-event` edge function (GET: its settings; POST: Meta's answer to a test event).
 */
import { type MetaProblemAdvice, adviceFor } from '../../../../supabase/functions/_shared/meta-problems.ts';

export const TEST_EVENT_FUNCTION = 'conversions-test-event';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

export type RpcFailure = { kind: 'forbidden'; message: string } | { kind: 'missing' } | { kind: 'network' } | { kind: 'other'; message: string };

/**
 * A PostgREST error as supabase-js returns it. 42501 is the functions' own refusal ("only admins
 * read conversions"); PGRST202 a database without the migration; no code and a fetch message, no
 * answer at all.
 */
export function rpcFailure(error: { code?: string | undefined; message?: string | undefined } | null | undefined): RpcFailure {
  const code = error?.code ?? '';
  const message = error?.message?.trim() || 'unknown error';
  if (code === '42501') return { kind: 'forbidden', message };
  if (code === 'PGRST202' || code === '42883') return { kind: 'missing' };
  if (!code && /fetch|network|load failed/i.test(message)) return { kind: 'network' };
  return { kind: 'other', message };
}

export interface TestEventConfig {
  configured: boolean;
  /** The settings the server lacks (names of secrets). */
  missing: string[];
  apiVersion: string | null;
  /** The server has META_TEST_EVENT_CODE, so the code may be left empty. */
  testEventCodeSet: boolean;
  /** The Graph API is on the server's own machine: the local fake of `npm run dev` or the tests. */
  localGraph: boolean;
}

/** The GET answer, or null when it is not one. */
export function readTestEventConfig(data: unknown): TestEventConfig | null {
  if (!isObject(data) || typeof data.configured !== 'boolean') return null;
  return {
    configured: data.configured,
    missing: Array.isArray(data.missing) ? data.missing.filter((name): name is string => typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name)) : [],
    apiVersion: str(data.api_version),
    testEventCodeSet: data.test_event_code_set === true,
    localGraph: data.local_graph === true,
  };
}

export type TestEventResult =
  | { ok: true; eventsReceived: number | null; fbtraceId: string | null; testEventCode: string | null }
  | { ok: false; code: number | null; message: string; fbtraceId: string | null; advice: MetaProblemAdvice };

/**
 * A 200 answer to POST: Meta accepted the event, or Meta's refusal with advice (the server's, or
 * the same rule applied here when it sent none). Null when it is neither.
 */
export function readTestEventResult(data: unknown): TestEventResult | null {
  if (!isObject(data) || typeof data.ok !== 'boolean') return null;
  const fbtraceId = str(data.fbtrace_id);
  if (data.ok) {
    const received = data.events_received;
    return { ok: true, eventsReceived: typeof received === 'number' ? received : null, fbtraceId, testEventCode: str(data.test_event_code) };
  }
  const code = typeof data.code === 'number' && Number.isInteger(data.code) ? data.code : null;
  const message = str(data.message) ?? '';
  const advice = isObject(data.advice) && str(data.advice.title) && str(data.advice.whatToDo) ? (data.advice as unknown as MetaProblemAdvice) : adviceFor(code, message);
  return { ok: false, code, message, fbtraceId, advice };
}

export type FunctionFailure =
  | { kind: 'absent' }
  | { kind: 'unreachable' }
  | { kind: 'forbidden' }
  | { kind: 'notConfigured'; missing: string[]; message: string | null }
  | { kind: 'other'; message: string };

/** A failure every admin function says alike (not deployed, no answer, not an admin), in the copy's words; null for the others. */
export function commonFailureText(copy: { absent: string; unreachable: string; forbidden: string }, failure: FunctionFailure): string | null {
  return failure.kind === 'absent' || failure.kind === 'unreachable' || failure.kind === 'forbidden' ? copy[failure.kind] : null;
}

/**
 * Why a call of the function failed: `status` is the HTTP status (null when no answer came: the
 * network, CORS, a relay failure), `body` its JSON body when it had one. A 404 is a server
 * without the function (the platform's "Requested function was not found").
 */
export function functionFailure(status: number | null, body: unknown, fallback: string): FunctionFailure {
  if (status === null) return { kind: 'unreachable' };
  if (status === 404) return { kind: 'absent' };
  if (status === 401 || status === 403) return { kind: 'forbidden' };
  const message = isObject(body) ? (str(body.error) ?? str(body.message)) : null;
  if (status === 503) {
    const missing = isObject(body) && Array.isArray(body.missing) ? body.missing.filter((name): name is string => typeof name === 'string') : [];
    return { kind: 'notConfigured', missing, message };
  }
  return { kind: 'other', message: `${status}: ${message ?? fallback}` };
}

/** Meta's test event codes are short letters and digits ('TEST12345'). */
export const TEST_EVENT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The POST body: the code the admin typed, or none to use the server's. Null when the code is
 * not valid, or is empty while the server has none: a test event without a code would be counted
 * by Meta as a real conversion.
 */
export function testEventBody(code: string, serverHasCode: boolean): { test_event_code?: string } | null {
  const trimmed = code.trim();
  if (!trimmed) return serverHasCode ? {} : null;
  return TEST_EVENT_CODE_PATTERN.test(trimmed) ? { test_event_code: trimmed } : null;
}

/** The Graph API version to judge: the server's setting now (GET), else the one its last delivery run used. */
export function reportedApiVersion(config: TestEventConfig | null, statusVersion: string | null): string | null {
  return config?.apiVersion ?? statusVersion ?? null;
}

/** Retry failed's answer (`retry_failed_conversions`): events sent back to pending, and refused events left as they are. */
export interface RetryAnswer {
  retried: number;
  notRetried: number;
}

const whole = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

/** The answer, or null when it is not one. */
export function readRetryAnswer(data: unknown): RetryAnswer | null {
  if (!isObject(data)) return null;
  const retried = whole(data.retried);
  const notRetried = whole(data.not_retried);
  return retried === null || notRetried === null ? null : { retried, notRetried };
}

export type RetryMessage = { key: 'nothing' } | { key: 'retried'; count: number } | { key: 'notRetried'; count: number };

/** What to say: nothing was refused; how many went back to pending; or why none could. */
export function retryMessage(answer: RetryAnswer): RetryMessage {
  if (answer.retried > 0) return { key: 'retried', count: answer.retried };
  return answer.notRetried > 0 ? { key: 'notRetried', count: answer.notRetried } : { key: 'nothing' };
}
