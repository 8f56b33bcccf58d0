/**
 * The fake Google's processing of the requests it took (tests/support/fake-google.mjs): each
 * event counted once per transaction id and conversion action, failed later as Google fails
 * events (a click over 90 days before the conversion, or too recent to be known, consent denied,
 * a duplicate, or as told), and the status of each request per destination, PROCESSING first.
 */
import { randomBytes } from 'node:crypto';
import { CLICK_ID_KINDS, googleError } from './fake-google-ingest.mjs';

const MAX_CLICK_AGE_MS = 90 * 24 * 3600_000;

export class FakeProcessing {
  /** transactionId → { event, conversionActionId, requestId }: the conversions Google counts. */
  accepted = new Map();
  /** transactionId → { event, reason }: taken, then refused in processing. */
  failed = new Map();
  /** transactionId → the reason it fails in processing. */
  laterFailures = new Map();
  /** click id → click time (ms), for the age checks. */
  clicks = new Map();
  statuses = new Map();
  duplicates = 0;

  /** @param {{ now: () => number, minClickAgeMs: number, processingPolls: number }} settings */
  constructor(settings) {
    this.settings = settings;
  }

  reset() {
    for (const store of [this.accepted, this.failed, this.laterFailures, this.clicks, this.statuses]) store.clear();
    this.duplicates = 0;
  }

  /** Why `event` fails in processing for the action, or null: counted. */
  #error(event, conversionActionId) {
    const told = this.laterFailures.get(event.transactionId);
    if (told) return told;
    if (this.accepted.get(event.transactionId)?.conversionActionId === conversionActionId) {
      this.duplicates += 1;
      return 'PROCESSING_ERROR_REASON_DUPLICATE_TRANSACTION_ID';
    }
    if (event.consent.adUserData === 'CONSENT_DENIED') return 'PROCESSING_ERROR_REASON_DENIED_CONSENT';
    const now = this.settings.now();
    const eventTime = Date.parse(event.eventTimestamp);
    if (now - eventTime > MAX_CLICK_AGE_MS) return 'PROCESSING_ERROR_REASON_EVENT_TOO_OLD';
    const kind = CLICK_ID_KINDS.find((name) => event.adIdentifiers[name]);
    const clickTime = this.clicks.get(event.adIdentifiers[kind]);
    if (clickTime === undefined) return null;
    if (eventTime - clickTime > MAX_CLICK_AGE_MS) return 'PROCESSING_ERROR_REASON_EVENT_TOO_OLD';
    // Google names no reason for a click it has not processed yet; it answers as for a click id it cannot read.
    if (now - clickTime < this.settings.minClickAgeMs) return `PROCESSING_ERROR_REASON_INVALID_${kind.toUpperCase()}`;
    return null;
  }

  /** Processes a request that passed the checks; its request id. */
  take(body) {
    const requestId = randomBytes(16).toString('hex');
    const perDestination = body.destinations.map((destination) => ({ destination, recordCount: 0, errors: new Map() }));
    for (const event of body.events) {
      const references = event.destinationReferences ?? [];
      const targets = references.length > 0 ? perDestination.filter(({ destination }) => references.includes(destination.reference)) : perDestination;
      for (const target of targets) {
        const action = target.destination.productDestinationId;
        target.recordCount += 1;
        const reason = this.#error(event, action);
        if (reason) {
          target.errors.set(reason, (target.errors.get(reason) ?? 0) + 1);
          if (!this.accepted.has(event.transactionId)) this.failed.set(event.transactionId, { event, reason });
        } else {
          this.accepted.set(event.transactionId, { event, conversionActionId: action, requestId });
        }
      }
    }
    this.statuses.set(requestId, { perDestination, polls: 0 });
    return requestId;
  }

  /** `requestStatus:retrieve`'s answer: [HTTP status, body]. */
  status(requestId) {
    const status = this.statuses.get(requestId);
    if (!status) {
      const violation = { field: 'request_id', description: 'The request ID is not valid.', reason: 'INVALID_REQUEST_ID' };
      return [400, googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', { reason: 'INVALID_REQUEST_ID', violations: [violation] })];
    }
    status.polls += 1;
    const processing = status.polls <= this.settings.processingPolls;
    const requestStatusPerDestination = status.perDestination.map(({ destination, recordCount, errors }) => {
      const failures = [...errors.values()].reduce((sum, n) => sum + n, 0);
      const outcome = processing ? 'PROCESSING' : failures === 0 ? 'SUCCESS' : failures >= recordCount ? 'FAILED' : 'PARTIAL_SUCCESS';
      const errorCounts = [...errors].map(([reason, n]) => ({ reason, recordCount: String(n) }));
      return {
        destination,
        requestStatus: outcome,
        eventsIngestionStatus: { recordCount: String(recordCount) },
        ...(!processing && errorCounts.length > 0 ? { errorInfo: { errorCounts } } : {}),
      };
    });
    return [200, { requestStatusPerDestination }];
  }
}
