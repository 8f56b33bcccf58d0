/**
 * One request to the Meta Conversions API: `POST {graph}/{version}/{pixel}/events` with
 * `{data: events, test_event_code?}` (at most 1,000 events), and what Meta's answer means for
 * the events in it. No retries here: the ledger's delivery decides when to try again.
 * Runtime-free.
 */
import type { ServerEvent } from './conversion-event.ts';
import { blocksEveryEvent, RATE_LIMIT_CODES } from './meta-problems.ts';

export interface MetaConfig {
  graphUrl: string;
  apiVersion: string;
  pixelId: string;
  token: string;
  testEventCode?: string | undefined;
}

export interface UpstreamDeps {
  fetch: typeof fetch;
  now: () => number;
  random: () => number;
  log: (message: string, details?: Record<string, unknown>) => void;
  /** How long Meta may take to answer one request. */
  attemptTimeoutMs?: number;
}

/** Meta takes at most 1,000 events per request. */
export const MAX_BATCH = 1000;

/**
 * - `delivered`: Meta has every event of the request;
 * - `transient`: no answer, a timeout, 429, 5xx or throttling: send the same events again later;
 * - `token`: the token, its permission, the dataset or the API version is refused (codes 190,
 *   102, 10, 200–299, 2635; meta-problems.ts): keep every event pending and pause;
 * - `rejected`: any other 4xx: Meta refused the request for what is in it.
 */
export type SendResult =
  | { kind: 'delivered'; eventsReceived: number | null; fbtraceId: string | null }
  | { kind: 'transient' | 'token' | 'rejected'; status: number | null; code: number | null; message: string; fbtraceId: string | null };

interface GraphBody {
  events_received?: number;
  fbtrace_id?: string;
  error?: { message?: string; fbtrace_id?: string; code?: number; error_user_msg?: string };
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

/** What an answer means: its status, Meta's error code and message. */
export function classify(status: number, code: number | null, message = ''): SendResult['kind'] {
  if (status >= 200 && status < 300) return 'delivered';
  if (code !== null && blocksEveryEvent(code, message)) return 'token';
  if (status === 429 || status >= 500 || (code !== null && RATE_LIMIT_CODES.has(code))) return 'transient';
  return 'rejected';
}

export async function sendEvents(events: readonly ServerEvent[], config: MetaConfig, deps: UpstreamDeps, testEventCode = config.testEventCode): Promise<SendResult> {
  const url = `${eventsUrl(config)}?access_token=${encodeURIComponent(config.token)}`;
  const body = JSON.stringify({ data: events, ...(testEventCode ? { test_event_code: testEventCode } : {}) });
  try {
    const response = await deps.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(deps.attemptTimeoutMs ?? 20_000),
    });
    const graph = await readBody(response);
    const fbtraceId = graph.fbtrace_id ?? graph.error?.fbtrace_id ?? null;
    const code = typeof graph.error?.code === 'number' ? graph.error.code : null;
    const message = [graph.error?.message, graph.error?.error_user_msg].filter(Boolean).join(': ') || `HTTP ${response.status}`;
    const kind = classify(response.status, code, message);
    if (kind === 'delivered') return { kind, eventsReceived: graph.events_received ?? null, fbtraceId };
    return { kind, status: response.status, code, message, fbtraceId };
  } catch (error) {
    // No answer (or it never finished): Meta may have the events; sending them again with the
    // same event_id is deduplicated by Meta.
    const message = error instanceof Error ? `${error.name === 'TimeoutError' ? 'timeout' : 'network'}: ${error.message}` : String(error);
    return { kind: 'transient', status: null, code: null, message, fbtraceId: null };
  }
}
