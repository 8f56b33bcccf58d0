/**
 * Google Ads through the Data Manager API: `POST {base}/v1/events:ingest` with a batch of
 * conversions (at most 2,000), then `GET {base}/v1/requestStatus:retrieve` for how Google's
 * processing went, per destination. Authenticated as the service account (google-service-account.ts);
 * an access token refused with 401 is renewed once and the same bytes sent again. No retries
 * otherwise: the ledger's delivery decides when to try again. Runtime-free.
 */
import type { GoogleAdsConfig } from './google-ads-config.ts';
import {
  classifyGoogleError,
  readGoogleError,
  REQUEST_STATUSES,
  unanswered,
  type GoogleDestinationStatus,
  type GoogleProblem,
  type GoogleSendResult,
  type GoogleStatusResult,
} from './google-ads-results.ts';
import type { GoogleAdsEvent } from './google-ads-event.ts';
import { eventProblem, ingestRequest } from './google-ads-request.ts';
import { GoogleTokenError, type GoogleTokens, type TokenDeps } from './google-service-account.ts';

export { DEFAULT_GOOGLE_DATA_MANAGER_URL, formatAccountId, googleActionFor, googleAdsConfig } from './google-ads-config.ts';
export type { GoogleAdsConfig, GoogleAdsConfigResult, GoogleAdsEnv, GoogleEventName } from './google-ads-config.ts';
export { REQUEST_STATUSES } from './google-ads-results.ts';
export type { GoogleDestinationStatus, GoogleProblem, GoogleSendResult, GoogleStatusResult } from './google-ads-results.ts';
export { googleAdsProblemWords } from './google-ads-problems.ts';
export { ingestRequest } from './google-ads-request.ts';
export { GoogleTokenError, googleTokens } from './google-service-account.ts';
export type { GoogleTokens } from './google-service-account.ts';

/** The Data Manager API takes at most 2,000 events per request. */
export const MAX_GOOGLE_BATCH = 2000;

export interface GoogleDeps extends TokenDeps {
  log?: ((message: string, details?: Record<string, unknown>) => void) | undefined;
}

function tokenProblem(error: unknown): GoogleProblem {
  if (!(error instanceof GoogleTokenError)) throw error;
  return { kind: error.kind === 'refused' ? 'account' : 'transient', status: error.status, reason: error.reason, message: error.message };
}

/** A request with the access token; one renewal after a 401. */
async function authorized(url: string, body: string | null, tokens: GoogleTokens, deps: GoogleDeps): Promise<Response | GoogleProblem> {
  for (let attempt = 0; ; attempt += 1) {
    let token: string;
    try {
      token = attempt === 0 ? await tokens.get() : await tokens.renew();
    } catch (error) {
      return tokenProblem(error);
    }
    let response: Response;
    try {
      response = await deps.fetch(url, {
        method: body === null ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body === null ? {} : { 'content-type': 'application/json' }) },
        ...(body === null ? {} : { body }),
        signal: AbortSignal.timeout(deps.attemptTimeoutMs ?? 20_000),
      });
    } catch (error) {
      return unanswered(error);
    }
    if (response.status !== 401 || attempt > 0) return response;
    await response.body?.cancel().catch(() => undefined);
    deps.log?.('google: access token refused, renewing it');
  }
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const value: unknown = await response.json().catch(() => null);
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** Sends `events` (1 to 2,000, each with a conversion action) in one request. */
export async function sendGoogleEvents(
  events: readonly GoogleAdsEvent[],
  config: GoogleAdsConfig,
  tokens: GoogleTokens,
  deps: GoogleDeps,
  options: { validateOnly?: boolean | undefined } = {},
): Promise<GoogleSendResult> {
  if (events.length === 0 || events.length > MAX_GOOGLE_BATCH) throw new RangeError(`a request carries 1 to ${MAX_GOOGLE_BATCH} events, not ${events.length}`);
  const problems = events.map((event) => eventProblem(event, config));
  const refused = problems.flatMap((problem, index) => (problem ? [index] : []));
  if (refused.length > 0) {
    // Refused here as Google would refuse them, without a request: the others can go without them.
    const message = refused.map((index) => `events[${index}]: ${problems[index]}`).join('; ');
    return { kind: 'rejected', status: null, reason: 'INVALID_EVENT', message, events: refused };
  }
  const request = ingestRequest(events, config, options.validateOnly ?? false);
  const answer = await authorized(`${config.dataManagerUrl}/v1/events:ingest`, JSON.stringify(request), tokens, deps);
  if (!(answer instanceof Response)) return answer;
  if (answer.ok) {
    const { requestId } = await readJson(answer);
    return { kind: 'sent', requestId: typeof requestId === 'string' && requestId ? requestId : null };
  }
  const error = await readGoogleError(answer);
  const result = classifyGoogleError(
    error,
    events.length,
    request.destinations.map((destination) => destination.productDestinationId),
  );
  deps.log?.('google: ingest refused', { status: error.status, reason: error.reason, error: error.message, fields: error.fields, metadata: error.metadata, kind: result.kind });
  return result;
}

const count = (value: unknown): number | null => (typeof value === 'string' || typeof value === 'number' ? Number(value) : null);

function destinationStatus(entry: Record<string, unknown>): GoogleDestinationStatus {
  const status = REQUEST_STATUSES.find((known) => known === entry['requestStatus']) ?? 'REQUEST_STATUS_UNKNOWN';
  const destination = (entry['destination'] ?? {}) as { productDestinationId?: unknown };
  const ingestion = (entry['eventsIngestionStatus'] ?? {}) as { recordCount?: unknown };
  const errorCounts = ((entry['errorInfo'] ?? {}) as { errorCounts?: unknown }).errorCounts;
  return {
    status,
    productDestinationId: typeof destination.productDestinationId === 'string' ? destination.productDestinationId : null,
    recordCount: count(ingestion.recordCount),
    errors: (Array.isArray(errorCounts) ? (errorCounts as { reason?: unknown; recordCount?: unknown }[]) : []).map((error) => ({
      reason: typeof error.reason === 'string' ? error.reason : 'PROCESSING_ERROR_REASON_UNSPECIFIED',
      count: count(error.recordCount) ?? 0,
    })),
  };
}

/**
 * How Google's processing of a sent request went, per destination in the request's order. Google
 * gives counts by reason, not which event: a partial success names how many failed and why.
 */
export async function retrieveGoogleRequestStatus(requestId: string, config: GoogleAdsConfig, tokens: GoogleTokens, deps: GoogleDeps): Promise<GoogleStatusResult> {
  const answer = await authorized(`${config.dataManagerUrl}/v1/requestStatus:retrieve?requestId=${encodeURIComponent(requestId)}`, null, tokens, deps);
  if (!(answer instanceof Response)) return answer;
  if (!answer.ok) return classifyGoogleError(await readGoogleError(answer), 0);
  const { requestStatusPerDestination } = await readJson(answer);
  const entries = Array.isArray(requestStatusPerDestination) ? (requestStatusPerDestination as Record<string, unknown>[]) : [];
  return { kind: 'status', destinations: entries.map(destinationStatus) };
}
