/**
 * What a refusal from Google means for the coach, in plain words naming what to fix: the service
 * account's access, its key, the Google Cloud project, the account or a conversion action, or
 * nothing at all (Google was out of reach; the conversions are sent again by themselves).
 * Null when there is nothing to tell. Runtime-free: the delivery functions and the admin share it.
 */
import { formatAccountId, type GoogleAdsConfig, type GoogleEventName } from './google-ads-config.ts';
import type { GoogleDestinationStatus, GoogleSendResult, GoogleStatusResult } from './google-ads-results.ts';

const RETRIED = 'nothing to do: the conversions stay pending and are sent again automatically.';
const DEVELOPER = 'this is about what the site sent, not your settings: pass Google’s message to the site’s developer.';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

function eventsFor(config: GoogleAdsConfig, actionId: string): string {
  const names = (Object.entries(config.conversionActions) as [GoogleEventName, string][]).filter(([, id]) => id === actionId).map(([name]) => name);
  return names.length > 0 ? names.join(' and ') : 'no event';
}

function newKey(config: GoogleAdsConfig): string {
  const email = config.key.clientEmail;
  const project = config.key.projectId ? ` of project ${config.key.projectId}` : '';
  return `make a new key: Google Cloud console${project} → IAM & Admin → Service accounts → ${email} → Keys → Add key → Create new key → JSON, and set the whole file as GOOGLE_SERVICE_ACCOUNT_KEY.`;
}

function actionWords(config: GoogleAdsConfig, actionId: string | undefined, account: string): string {
  const actions = actionId
    ? `conversion action ${actionId} (set for ${eventsFor(config, actionId)} in GOOGLE_ADS_CONVERSION_ACTIONS)`
    : `one of the conversion actions in GOOGLE_ADS_CONVERSION_ACTIONS (${Object.entries(config.conversionActions)
        .map(([name, id]) => `${name} → ${id}`)
        .join(', ')})`;
  return `Google Ads account ${account} refused ${actions}: in Google Ads → Goals → Conversions, check that the action exists in this account, is enabled and imports conversions from clicks; its id is the ctId in the address of the action’s page.`;
}

function accountWords(result: Extract<GoogleSendResult, { kind: 'account' }>, config: GoogleAdsConfig): string {
  const account = formatAccountId(config.accountId);
  const email = config.key.clientEmail;
  const { reason } = result;
  if (reason === 'invalid_key') return `The private key in GOOGLE_SERVICE_ACCOUNT_KEY cannot be used: ${newKey(config)}`;
  if (/^[a-z][a-z0-9_]*$/.test(reason)) {
    // The token endpoint's refusal (invalid_grant, invalid_client, …): Google no longer takes the key.
    return `Google refused the service account key of ${email} (${result.message}): the key was deleted or disabled, or its service account was; ${newKey(config)}`;
  }
  if (reason === 'SERVICE_DISABLED') {
    const project = config.key.projectId ?? 'the service account’s project';
    return `The Data Manager API is not enabled in the Google Cloud project ${project}: enable it at https://console.cloud.google.com/apis/library/datamanager.googleapis.com${config.key.projectId ? `?project=${config.key.projectId}` : ''}, then wait a few minutes; delivery resumes by itself.`;
  }
  if (reason === 'TERMS_AND_CONDITIONS_NOT_SIGNED' || reason === 'DESTINATION_ACCOUNT_ENHANCED_CONVERSIONS_TERMS_NOT_SIGNED') {
    return `Google Ads account ${account} has not accepted Google’s customer data terms: sign in to Google Ads as an administrator of the account and accept them; delivery resumes by itself.`;
  }
  if (result.conversionActionId || reason === 'INVALID_CONVERSION_ACTION_ID' || reason === 'INVALID_CONVERSION_ACTION_TYPE') {
    return actionWords(config, result.conversionActionId, account);
  }
  if (reason === 'NOT_FOUND') {
    return `Google found no Google Ads account ${account}, or not one of its conversion actions: check GOOGLE_ADS_ACCOUNT_ID (the customer ID at the top of Google Ads) and GOOGLE_ADS_CONVERSION_ACTIONS.`;
  }
  if (reason === 'ACCESS_TOKEN_SCOPE_INSUFFICIENT') return `Google refused the site’s access token for lacking the Data Manager permission (${result.message}): ${DEVELOPER}`;
  if (result.status === 401 || reason === 'UNAUTHENTICATED' || reason.startsWith('ACCESS_TOKEN') || reason === 'CREDENTIALS_MISSING') {
    return `Google did not accept the access tokens of ${email}, even a new one: ${newKey(config)}`;
  }
  if (reason === 'PERMISSION_DENIED' || result.status === 403) {
    const manager = config.loginAccountId ? formatAccountId(config.loginAccountId) : null;
    const where = manager ? `manager account ${manager} (GOOGLE_ADS_LOGIN_ACCOUNT_ID), which must manage account ${account}` : `Google Ads account ${account}`;
    return `Google refused the service account: add ${email} as a user of ${where} (Google Ads → Admin → Access and security → +, Standard access).`;
  }
  return `Google Ads refused every conversion (${reason}: ${result.message}): check GOOGLE_ADS_ACCOUNT_ID, GOOGLE_ADS_CONVERSION_ACTIONS and GOOGLE_SERVICE_ACCOUNT_KEY.`;
}

/** Processing failures that are not a problem: Google already had these conversions. */
export const HARMLESS: ReadonlySet<string> = new Set(['PROCESSING_ERROR_REASON_DUPLICATE_TRANSACTION_ID', 'PROCESSING_ERROR_REASON_DUPLICATE_GCLID']);

function processingWords(reason: string, count: number, config: GoogleAdsConfig): string {
  const n = plural(count, 'conversion');
  const account = formatAccountId(config.accountId);
  switch (reason.replace(/^PROCESSING_ERROR_(REASON_)?/, '')) {
    case 'EVENT_TOO_OLD':
      return `${n} came too long after the ad click (Google takes a conversion up to 90 days after its click)`;
    case 'INVALID_GCLID':
    case 'INVALID_GBRAID':
    case 'INVALID_WBRAID':
      return `${n} carried a click id Google could not read (a click of under about 6 hours, GOOGLE_ADS_DELAY_MINUTES, or not from a Google ad)`;
    case 'OPERATING_ACCOUNT_MISMATCH_FOR_AD_IDENTIFIER':
      return `${n} came from ads of another Google Ads account than ${account}: check GOOGLE_ADS_ACCOUNT_ID`;
    case 'DENIED_CONSENT':
    case 'NO_CONSENT':
    case 'UNKNOWN_CONSENT':
      return `${n} refused for consent (${reason}): check the consent settings of Google Ads account ${account}`;
    case 'DESTINATION_ACCOUNT_ENHANCED_CONVERSIONS_TERMS_NOT_SIGNED':
      return `${n} refused because Google Ads account ${account} has not accepted the customer data terms`;
    default:
      return `${n}: ${reason}`;
  }
}

function statusWords(destinations: GoogleDestinationStatus[], config: GoogleAdsConfig): string | null {
  const parts = destinations.flatMap((destination) => {
    const errors = destination.errors.filter((error) => error.count > 0 && !HARMLESS.has(error.reason));
    if (errors.length === 0) return [];
    const action = destination.productDestinationId;
    const where = action ? `${eventsFor(config, action)} (conversion action ${action})` : 'a conversion action';
    return [`${where}: ${errors.map((error) => processingWords(error.reason, error.count, config)).join('; ')}`];
  });
  return parts.length > 0 ? `Google Ads did not count some conversions. ${parts.join('. ')}.` : null;
}

/** What the coach is told about a result, or null when nothing is wrong. */
export function googleAdsProblemWords(result: GoogleSendResult | GoogleStatusResult, config: GoogleAdsConfig): string | null {
  switch (result.kind) {
    case 'sent':
      return null;
    case 'status':
      return statusWords(result.destinations, config);
    case 'transient':
      if (result.status === null) return `Google could not be reached (${result.reason}): ${RETRIED}`;
      if (result.status === 429) return `Google asked the site to send more slowly: ${RETRIED}`;
      return `Google had a temporary problem (${result.status} ${result.reason}): ${RETRIED}`;
    case 'account':
      return accountWords(result, config);
    case 'rejected': {
      if (result.reason === 'INVALID_REQUEST_ID') return `Google no longer knows the request whose processing was asked for (${result.message}): nothing to do.`;
      const what = result.events.length > 0 ? `${plural(result.events.length, 'conversion')} as invalid` : 'the conversions sent as invalid';
      return `Google refused ${what} (${result.reason}: ${result.message}): ${DEVELOPER}`;
    }
  }
}
