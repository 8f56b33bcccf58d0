/**
 * The Google Ads settings (README "Environment variables"): which account, which conversion action
 * each of the site's events counts as, and the service account that may upload them. None of the
 * three required settings set: the site works without Google Ads. Runtime-free.
 */
import { EVENT_NAMES } from './conversion-event.ts';
import { DEFAULT_GOOGLE_ADS_DELAY_MINUTES } from './google-ads-event.ts';
import { parseServiceAccountKey, secureUrl, type ServiceAccountKey } from './google-service-account.ts';

export const DEFAULT_GOOGLE_DATA_MANAGER_URL = 'https://datamanager.googleapis.com';

export type GoogleEventName = (typeof EVENT_NAMES)[number];

export interface GoogleAdsEnv {
  /** The Google Ads customer ID conversions go to: 10 digits, dashes allowed. */
  GOOGLE_ADS_ACCOUNT_ID?: string | undefined;
  /** JSON: the site's event name → the numeric id of its Google Ads conversion action. */
  GOOGLE_ADS_CONVERSION_ACTIONS?: string | undefined;
  /** The service account's JSON key file, whole. */
  GOOGLE_SERVICE_ACCOUNT_KEY?: string | undefined;
  /** The manager account the service account was added to, when it is not the account itself. */
  GOOGLE_ADS_LOGIN_ACCOUNT_ID?: string | undefined;
  GOOGLE_DATA_MANAGER_URL?: string | undefined;
  /** Minutes a conversion waits after its click before it is sent (default 360). */
  GOOGLE_ADS_DELAY_MINUTES?: string | undefined;
}

export interface GoogleAdsConfig {
  /** Digits only. */
  accountId: string;
  loginAccountId: string | null;
  /** Event name → conversion action id (digits); an event without one is not sent to Google. */
  conversionActions: Partial<Record<GoogleEventName, string>>;
  key: ServiceAccountKey;
  /** Without a trailing slash. */
  dataManagerUrl: string;
  delayMinutes: number;
}

export type GoogleAdsConfigResult = { config: GoogleAdsConfig } | { missing: string[] } | { invalid: string };

const REQUIRED = ['GOOGLE_ADS_ACCOUNT_ID', 'GOOGLE_ADS_CONVERSION_ACTIONS', 'GOOGLE_SERVICE_ACCOUNT_KEY'] as const;

/** `123-456-7890`, as Google Ads shows a customer ID. */
export const formatAccountId = (digits: string): string => (/^\d{10}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : digits);

function accountId(name: string, value: string): string | { invalid: string } {
  const digits = value.replace(/[\s-]/g, '');
  if (/^\d{10}$/.test(digits) && /^[\d\s-]+$/.test(value)) return digits;
  return { invalid: `${name} must be a Google Ads customer ID: 10 digits, as Google Ads shows it at the top of the page (123-456-7890)` };
}

function conversionActions(value: string): GoogleAdsConfig['conversionActions'] | { invalid: string } {
  const name = 'GOOGLE_ADS_CONVERSION_ACTIONS';
  const example = `${name} must be a JSON object from the site's events to Google Ads conversion action ids, e.g. {"Lead": "123456789"}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { invalid: `${example}; it is not JSON` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { invalid: example };
  const actions: GoogleAdsConfig['conversionActions'] = {};
  for (const [event, id] of Object.entries(parsed)) {
    if (!(EVENT_NAMES as readonly string[]).includes(event)) {
      return { invalid: `${name}: "${event}" is not one of the site's events (${EVENT_NAMES.join(', ')})` };
    }
    const digits = typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : typeof id === 'string' ? id.trim() : '';
    if (!/^[1-9]\d{0,18}$/.test(digits)) {
      const hint = typeof id === 'string' && /conversionActions\/(\d+)/.exec(id) ? ` (use the number after conversionActions/, not the resource name)` : '';
      return { invalid: `${name}: the conversion action for ${event} must be its numeric id${hint}` };
    }
    actions[event as GoogleEventName] = digits;
  }
  if (Object.keys(actions).length === 0) return { invalid: `${name} names no conversion action: ${example}` };
  return actions;
}

function delayMinutes(value: string | undefined): number | { invalid: string } {
  if (!value?.trim()) return DEFAULT_GOOGLE_ADS_DELAY_MINUTES;
  const minutes = Number(value.trim());
  if (/^\d+$/.test(value.trim()) && Number.isSafeInteger(minutes)) return minutes;
  return { invalid: `GOOGLE_ADS_DELAY_MINUTES must be a whole number of minutes, 0 or more (default ${DEFAULT_GOOGLE_ADS_DELAY_MINUTES})` };
}

/** The settings, which required ones are missing, or what is wrong with one that is set. */
export function googleAdsConfig(env: GoogleAdsEnv): GoogleAdsConfigResult {
  const missing = REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0) return { missing };
  const account = accountId('GOOGLE_ADS_ACCOUNT_ID', env.GOOGLE_ADS_ACCOUNT_ID!.trim());
  if (typeof account !== 'string') return account;
  const login = env.GOOGLE_ADS_LOGIN_ACCOUNT_ID?.trim() ? accountId('GOOGLE_ADS_LOGIN_ACCOUNT_ID', env.GOOGLE_ADS_LOGIN_ACCOUNT_ID.trim()) : null;
  if (login !== null && typeof login !== 'string') return login;
  const actions = conversionActions(env.GOOGLE_ADS_CONVERSION_ACTIONS!.trim());
  if ('invalid' in actions) return actions as { invalid: string };
  const key = parseServiceAccountKey(env.GOOGLE_SERVICE_ACCOUNT_KEY!.trim());
  if ('invalid' in key) return { invalid: `GOOGLE_SERVICE_ACCOUNT_KEY: ${key.invalid}` };
  const dataManagerUrl = (env.GOOGLE_DATA_MANAGER_URL?.trim() || DEFAULT_GOOGLE_DATA_MANAGER_URL).replace(/\/+$/, '');
  if (!secureUrl(dataManagerUrl)) return { invalid: 'GOOGLE_DATA_MANAGER_URL must be an https address (or unset, for Google’s)' };
  const delay = delayMinutes(env.GOOGLE_ADS_DELAY_MINUTES);
  if (typeof delay !== 'number') return delay;
  return { config: { accountId: account, loginAccountId: login, conversionActions: actions, key: key.key, dataManagerUrl, delayMinutes: delay } };
}

/** The conversion action an event counts as, or null: the event is not for Google. */
export function googleActionFor(config: Pick<GoogleAdsConfig, 'conversionActions'>, eventName: string): string | null {
  return config.conversionActions[eventName as GoogleEventName] ?? null;
}
