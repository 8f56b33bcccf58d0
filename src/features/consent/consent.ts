/**
 * Consent to ads measurement (Meta's pixel, its `_fbc`/`_fbp` cookies, the random external id and
 * the consented server conversion event). Pure rules; src/features/consent/page-consent.ts applies them to the page.
 *
 * - Global Privacy Control is a refusal, whatever the policy or an earlier choice.
 * - A choice the visitor made is kept for a year, then asked again.
 * - Without a choice, the site's policy decides: `opt-in` = off until the visitor agrees (the
 *   banner asks), `opt-out` = on until the visitor declines.
 */

export const CONSENT_POLICIES = ['opt-in', 'opt-out'] as const;
export type ConsentPolicy = (typeof CONSENT_POLICIES)[number];
export type AdsConsent = 'granted' | 'denied';

/** Where the links that open the privacy choices panel lead without script: the policy's choices section. */
export const PRIVACY_CHOICES_HREF = '/privacy#choices';

/** localStorage key of the visitor's choice. */
export const CONSENT_STORAGE_KEY = 'privacy_choice';
export const CHOICE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
/** Dispatched on window when the visitor changes their choice (detail: the new ConsentState). */
export const CONSENT_CHANGE_EVENT = 'privacy-choice';

export interface StoredChoice {
  ads: AdsConsent;
  /** When it was made, ms since epoch. */
  at: number;
}

export interface ConsentState {
  ads: AdsConsent;
  /** What decided: the browser's Global Privacy Control, the visitor's choice, or the policy. */
  by: 'gpc' | 'choice' | 'policy';
  /** The visitor has not been asked yet and should be (opt-in, no choice, no GPC). */
  ask: boolean;
}

export const isConsentPolicy = (value: unknown): value is ConsentPolicy => typeof value === 'string' && (CONSENT_POLICIES as readonly string[]).includes(value);

/** A stored choice still in force, or null (none, malformed, from the future or over a year old). */
export function parseChoice(raw: string | null, now: number): StoredChoice | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredChoice>;
    if ((value.ads !== 'granted' && value.ads !== 'denied') || typeof value.at !== 'number') return null;
    if (value.at > now || now - value.at > CHOICE_MAX_AGE_MS) return null;
    return { ads: value.ads, at: value.at };
  } catch {
    return null;
  }
}

export function consentState(input: { policy: ConsentPolicy; choice: StoredChoice | null; gpc: boolean }): ConsentState {
  if (input.gpc) return { ads: 'denied', by: 'gpc', ask: false };
  if (input.choice) return { ads: input.choice.ads, by: 'choice', ask: false };
  return input.policy === 'opt-out' ? { ads: 'granted', by: 'policy', ask: false } : { ads: 'denied', by: 'policy', ask: true };
}

/** The cookie domains a cookie of `hostname` may have been set on: the host and each parent but the top level. */
export function cookieDomains(hostname: string): string[] {
  const labels = hostname.split('.');
  if (labels.length < 2 || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return [];
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

/** `document.cookie` assignments that delete `name` for the page's host and its parent domains. */
export function cookieDeletions(name: string, hostname: string): string[] {
  const expired = `${name}=; Max-Age=0; Path=/`;
  return [expired, ...cookieDomains(hostname).map((domain) => `${expired}; Domain=.${domain}`)];
}

/* ---------- the external id: a random first-party id, only while the visitor consents ---------- */

/** localStorage key of the external id, beside the choice (CONSENT_STORAGE_KEY). */
export const EXTERNAL_ID_STORAGE_KEY = 'privacy_external_id';
/** What Meta's `external_id` (pixel init, server event's user_data) may be: the server checks the same. */
export const EXTERNAL_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** The part of `Storage` the external id needs (a fake one in tests). */
export type IdStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const attempt = <T>(run: () => T, fallback: T): T => {
  try {
    return run();
  } catch {
    return fallback; // storage refused or full
  }
};

/**
 * The external id while consent is `ads`: with consent, the stored id or a new one (`newId()`,
 * stored now); without, none, and a stored one is deleted. `renew` replaces a stored id (consent
 * given again after a refusal gets a new id, never the old one).
 */
export function externalIdFor(ads: AdsConsent, store: IdStore, newId: () => string, renew = false): string | null {
  if (ads !== 'granted' || renew) attempt(() => store.removeItem(EXTERNAL_ID_STORAGE_KEY), undefined);
  if (ads !== 'granted') return null;
  const stored = attempt(() => store.getItem(EXTERNAL_ID_STORAGE_KEY), null);
  if (stored && EXTERNAL_ID_PATTERN.test(stored)) return stored;
  const id = newId();
  if (!EXTERNAL_ID_PATTERN.test(id)) throw new Error(`external id ${JSON.stringify(id)} does not match ${String(EXTERNAL_ID_PATTERN)}`);
  attempt(() => store.setItem(EXTERNAL_ID_STORAGE_KEY, id), undefined);
  return id;
}
