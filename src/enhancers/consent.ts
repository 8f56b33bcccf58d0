/**
 * The visitor's consent to ads measurement on the live page (rules: src/lib/consent.ts). The
 * policy is the one the page was built with (the privacy choices panel carries it, see
 * src/components/site/PrivacyChoices.astro); Global Privacy Control is read from the browser.
 */
import {
  CONSENT_CHANGE_EVENT,
  CONSENT_STORAGE_KEY,
  consentState,
  isConsentPolicy,
  parseChoice,
  type AdsConsent,
  type ConsentState,
  type StoredChoice,
} from '../lib/consent';

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

/** Records the visitor's choice and tells the page (CONSENT_CHANGE_EVENT); returns the state now in force. */
export function saveChoice(ads: AdsConsent, doc: Document = document, win: Window = window): ConsentState {
  answeredHere = { ads, at: Date.now() };
  try {
    localStore(win)?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(answeredHere));
  } catch {
    // Storage full or refused: the answer holds for this page.
  }
  const state = readConsent(doc, win);
  win.dispatchEvent(new CustomEvent<ConsentState>(CONSENT_CHANGE_EVENT, { detail: state }));
  return state;
}

export function onConsentChange(win: Window, listener: (state: ConsentState) => void): void {
  win.addEventListener(CONSENT_CHANGE_EVENT, (event) => listener((event as CustomEvent<ConsentState>).detail));
}
