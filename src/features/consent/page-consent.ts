/**
 * The visitor's consent to ads measurement on the live page (rules: src/features/consent/consent.ts). The
 * policy is the one the page was built with (the privacy choices panel carries it, see
 * src/features/consent/PrivacyChoices.astro); Global Privacy Control is read from the browser.
 */
import {
  CONSENT_CHANGE_EVENT,
  CONSENT_STORAGE_KEY,
  consentState,
  externalIdFor,
  isConsentPolicy,
  parseChoice,
  type AdsConsent,
  type ConsentState,
  type IdStore,
  type StoredChoice,
} from './consent';

export const PRIVACY_CHOICES_ID = 'privacy-choices';

/** The answer given on this page, for a browser that keeps no storage (it holds until the page is left). */
let answeredHere: StoredChoice | null = null;

function localStore(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null; // storage disabled: no choice is remembered
  }
}

/** The stored answer (null: none), or undefined where the browser keeps no storage. */
function storedChoice(win: Window): string | null | undefined {
  try {
    const store = localStore(win);
    return store ? store.getItem(CONSENT_STORAGE_KEY) : undefined;
  } catch {
    return undefined;
  }
}

/** Where the panel is missing (a page without the site chrome), nothing may be measured: opt-in. */
function pagePolicy(doc: Document) {
  const policy = doc.getElementById(PRIVACY_CHOICES_ID)?.dataset.consentPolicy;
  return isConsentPolicy(policy) ? policy : 'opt-in';
}

export const globalPrivacyControl = (win: Window): boolean => (win.navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

export function readConsent(doc: Document = document, win: Window = window): ConsentState {
  const stored = storedChoice(win);
  return consentState({
    policy: pagePolicy(doc),
    choice: stored === undefined ? answeredHere : parseChoice(stored, Date.now()),
    gpc: globalPrivacyControl(win),
  });
}

export const adsAllowed = (doc: Document = document, win: Window = window): boolean => readConsent(doc, win).ads === 'granted';

/** The external id kept on this page when the browser keeps no storage (as `answeredHere`). */
let idHere: string | null = null;

/** localStorage for the external id, with this page's memory where the browser refuses to keep it. */
function idStore(win: Window): IdStore {
  const store = localStore(win);
  return {
    getItem: (key) => {
      try {
        return store?.getItem(key) ?? idHere;
      } catch {
        return idHere;
      }
    },
    setItem: (key, value) => {
      idHere = value;
      store?.setItem(key, value);
    },
    removeItem: (key) => {
      idHere = null;
      store?.removeItem(key);
    },
  };
}

/**
 * The visitor's external id (src/features/consent/consent.ts, `externalIdFor`): the kept one or a new one with
 * consent; null without, and a kept one is deleted (a refusal, Global Privacy Control).
 */
export const externalId = (doc: Document = document, win: Window = window): string | null =>
  externalIdFor(readConsent(doc, win).ads, idStore(win), () => win.crypto.randomUUID());

/** Records the visitor's choice and tells the page (CONSENT_CHANGE_EVENT); returns the state now in force. */
export function saveChoice(ads: AdsConsent, doc: Document = document, win: Window = window): ConsentState {
  const before = readConsent(doc, win).ads;
  answeredHere = { ads, at: Date.now() };
  try {
    localStore(win)?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(answeredHere));
  } catch {
    // Storage full or refused: the answer holds for this page.
  }
  const state = readConsent(doc, win);
  externalIdFor(state.ads, idStore(win), () => win.crypto.randomUUID(), state.ads === 'granted' && before !== 'granted');
  win.dispatchEvent(new CustomEvent<ConsentState>(CONSENT_CHANGE_EVENT, { detail: state }));
  return state;
}

export function onConsentChange(win: Window, listener: (state: ConsentState) => void): void {
  win.addEventListener(CONSENT_CHANGE_EVENT, (event) => listener((event as CustomEvent<ConsentState>).detail));
}
