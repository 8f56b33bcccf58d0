/**
 * Forwarding one server event to the Meta Conversions API:
 * `POST {graph}/{version}/{pixel}/events` with `{data:[event], test_event_code?}`,
 * retrying transient failures (network, 429, 5xx) and never a 4xx. Runtime-free.
 */
import type { ServerEvent } from './conversion-event.ts';
import { DEFAULT_RETRY_POLICY, isTransientStatus, mayRetry, parseRetryAfter, retryDelayMs, type RetryPolicy } from './retry.ts';

export interface MetaConfig {
  graphUrl: string;
  apiVersion: string;
  pixelId: string;
  token: string;
  testEventCode?: string | undefined;
}

export interface UpstreamDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  random: () => number;
  log: (message: string, details?: Record<string, unknown>) => void;
  /** Per-attempt timeout. */
  attemptTimeoutMs?: number;
  retryPolicy?: RetryPolicy;
}

export type ForwardResult =
  | { ok: true; attempts: number; eventsReceived: number | null; fbtraceId: string | null }
  | { ok: false; attempts: number; status: number | null; message: string; fbtraceId: string | null; transient: boolean };

interface GraphBody {
  events_received?: number;
  fbtrace_id?: string;
  error?: { message?: string; fbtrace_id?: string; code?: number };
}

const readBody = async (response: Response): Promise<GraphBody> => {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null ? (value as GraphBody) : {};
  } catch {
    return {};
  }
};

export function eventsUrl(config: MetaConfig): string {
  const base = config.graphUrl.replace(/\/+$/, '');
  return `${base}/${encodeURIComponent(config.apiVersion)}/${encodeURIComponent(config.pixelId)}/events`;
}

export async function forwardToMeta(event: ServerEvent, config: MetaConfig, deps: UpstreamDeps): Promise<ForwardResult> {
  const policy = deps.retryPolicy ?? DEFAULT_RETRY_POLICY;
  const url = `${eventsUrl(config)}?access_token=${encodeURIComponent(config.token)}`;
  const body = JSON.stringify({ data: [event], ...(config.testEventCode ? { test_event_code: config.testEventCode } : {}) });
  const started = deps.now();
  let attempt = 0;
  for (;;) {
    attempt += 1;
    let failure: Extract<ForwardResult, { ok: false }>;
    let retryAfter: number | null = null;
    try {
      const response = await deps.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(deps.attemptTimeoutMs ?? 3000),
      });
      const graph = await readBody(response);
      const fbtraceId = graph.fbtrace_id ?? graph.error?.fbtrace_id ?? null;
      if (response.ok) {
        deps.log('meta: event received', { event_id: event.event_id, attempts: attempt, fbtrace_id: fbtraceId });
        return { ok: true, attempts: attempt, eventsReceived: graph.events_received ?? null, fbtraceId };
      }
      failure = {
        ok: false,
        attempts: attempt,
        status: response.status,
        message: graph.error?.message ?? `HTTP ${response.status}`,
        fbtraceId,
        transient: isTransientStatus(response.status),
      };
      retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failure = { ok: false, attempts: attempt, status: null, message: `network: ${message}`, fbtraceId: null, transient: true };
    }
    deps.log('meta: attempt failed', {
      event_id: event.event_id,
      attempt,
      status: failure.status,
      message: failure.message,
      fbtrace_id: failure.fbtraceId,
    });
    if (!failure.transient) return failure;
    const delay = retryDelayMs(attempt, policy, deps.random(), retryAfter);
    if (!mayRetry(attempt, deps.now() - started, delay, policy)) return failure;
    await deps.sleep(delay);
  }
}
