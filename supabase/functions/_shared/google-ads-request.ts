/**
 * The Data Manager API request for a batch of conversions (`IngestEventsRequest`): one
 * destination per conversion action in the batch (the Google Ads account, its manager when set,
 * the action as `productDestinationId`, its id as `reference`), and each event pointing at its
 * destination by `destinationReferences`. Keys are written in a fixed order and destinations
 * sorted by action id, so the same batch is the same bytes on every try. Runtime-free.
 */
import { googleActionFor, type GoogleAdsConfig } from './google-ads-config.ts';
import type { GoogleAdsEvent } from './google-ads-event.ts';

export interface ProductAccount {
  accountType: 'GOOGLE_ADS';
  accountId: string;
}

export interface GoogleDestination {
  reference: string;
  loginAccount?: ProductAccount;
  operatingAccount: ProductAccount;
  productDestinationId: string;
}

export interface GoogleEvent {
  destinationReferences: string[];
  transactionId: string;
  eventTimestamp: string;
  eventSource: 'WEB';
  adIdentifiers: { gclid: string } | { gbraid: string } | { wbraid: string };
  consent: { adUserData: 'CONSENT_GRANTED'; adPersonalization: 'CONSENT_GRANTED' | 'CONSENT_DENIED' };
}

export interface IngestEventsRequest {
  destinations: GoogleDestination[];
  events: GoogleEvent[];
  validateOnly: boolean;
}

/** Why an event cannot be sent as it is, or null. */
export function eventProblem(event: GoogleAdsEvent, config: Pick<GoogleAdsConfig, 'conversionActions'>): string | null {
  if (!googleActionFor(config, event.event_name)) return `no conversion action is set for ${event.event_name}`;
  if (!event.transaction_id) return 'the event has no transaction id';
  if (Number.isNaN(Date.parse(event.event_time))) return `the event time ${JSON.stringify(event.event_time)} is not a date`;
  if (!event.click?.id) return 'the event has no click id';
  return null;
}

/** Numeric order of two digit strings. */
const byNumber = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

function destination(actionId: string, config: GoogleAdsConfig): GoogleDestination {
  const account = (accountId: string): ProductAccount => ({ accountType: 'GOOGLE_ADS', accountId });
  return {
    reference: actionId,
    ...(config.loginAccountId ? { loginAccount: account(config.loginAccountId) } : {}),
    operatingAccount: account(config.accountId),
    productDestinationId: actionId,
  };
}

function googleEvent(event: GoogleAdsEvent, actionId: string): GoogleEvent {
  const { kind, id } = event.click;
  return {
    destinationReferences: [actionId],
    transactionId: event.transaction_id,
    // RFC 3339 in UTC, whatever ISO form the ledger kept.
    eventTimestamp: new Date(Date.parse(event.event_time)).toISOString(),
    eventSource: 'WEB',
    adIdentifiers: kind === 'gclid' ? { gclid: id } : kind === 'gbraid' ? { gbraid: id } : { wbraid: id },
    consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: event.ad_personalization ? 'CONSENT_GRANTED' : 'CONSENT_DENIED' },
  };
}

/** The request for `events`, each of which must pass `eventProblem`. */
export function ingestRequest(events: readonly GoogleAdsEvent[], config: GoogleAdsConfig, validateOnly = false): IngestEventsRequest {
  const actionOf = (event: GoogleAdsEvent) => {
    const action = googleActionFor(config, event.event_name);
    if (!action) throw new TypeError(`no conversion action for ${event.event_name}`);
    return action;
  };
  const actions = [...new Set(events.map(actionOf))].sort(byNumber);
  return {
    destinations: actions.map((action) => destination(action, config)),
    events: events.map((event) => googleEvent(event, actionOf(event))),
    validateOnly,
  };
}
