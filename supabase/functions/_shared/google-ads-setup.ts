/**
 * Google Ads as the endpoints, the scheduled run and the admin's check use it: the settings read
 * once (google-ads.ts), the service account's access token kept per isolate (a warm instance
 * reuses it until it expires), and the Data Manager client bound to them. Runtime-free.
 */
import type { GoogleAdsClient } from './google-ads-delivery.ts';
import type { GoogleAdsSetting } from './google-ads-ledger.ts';
import {
  formatAccountId,
  googleActionFor,
  googleAdsConfig,
  googleAdsProblemWords,
  googleTokens,
  MAX_GOOGLE_BATCH,
  retrieveGoogleRequestStatus,
  sendGoogleEvents,
  type GoogleAdsEnv,
  type GoogleDeps,
} from './google-ads.ts';

export type { GoogleAdsEnv };

/** The settings' names, for the functions that read them from their environment. */
export const GOOGLE_ADS_ENV_NAMES = [
  'GOOGLE_ADS_ACCOUNT_ID',
  'GOOGLE_ADS_CONVERSION_ACTIONS',
  'GOOGLE_SERVICE_ACCOUNT_KEY',
  'GOOGLE_ADS_LOGIN_ACCOUNT_ID',
  'GOOGLE_DATA_MANAGER_URL',
  'GOOGLE_ADS_DELAY_MINUTES',
] as const;

export interface GoogleAdsSetup {
  client: GoogleAdsClient;
  /** What the endpoint needs to record a conversion's Google part. */
  setting: NonNullable<GoogleAdsSetting>;
  /** The account, as Google Ads shows it (123-456-7890). */
  account: string;
  /** Event name → conversion action id. */
  actions: Record<string, string>;
  serviceAccount: string;
  dataManagerUrl: string;
}

const tokenCache = new Map<string, ReturnType<typeof googleTokens>>();

/** Google Ads bound to the env's settings, or which are missing, or what is wrong with one. */
export function googleAdsFromEnv(env: GoogleAdsEnv, deps: GoogleDeps): GoogleAdsSetup | { missing: string[] } | { invalid: string } {
  const found = googleAdsConfig(env);
  if (!('config' in found)) return found;
  const { config } = found;
  const cacheKey = `${config.key.tokenUri} ${config.key.clientEmail} ${config.key.privateKeyId}`;
  const tokens = tokenCache.get(cacheKey) ?? googleTokens(config.key, deps);
  tokenCache.set(cacheKey, tokens);
  const actionFor = (eventName: string) => googleActionFor(config, eventName);
  return {
    client: {
      maxBatch: MAX_GOOGLE_BATCH,
      delayMinutes: config.delayMinutes,
      send: (events, options) => sendGoogleEvents(events, config, tokens, deps, options),
      status: (requestId) => retrieveGoogleRequestStatus(requestId, config, tokens, deps),
      actionFor,
      problemWords: (problem) => googleAdsProblemWords(problem, config) ?? `Google refused the events: ${problem.message}`,
    },
    setting: { delayMinutes: config.delayMinutes, actionFor },
    account: formatAccountId(config.accountId),
    actions: Object.fromEntries(Object.entries(config.conversionActions).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
    serviceAccount: config.key.clientEmail,
    dataManagerUrl: config.dataManagerUrl,
  };
}
