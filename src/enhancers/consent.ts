/**
 * The visitor's consent to ads measurement on the live page (rules: src/lib/consent.ts). The
 * policy is the one the page was built with (the privacy choices panel carries it, see
 * src/components/site/PrivacyChoices.astro); Global Privacy Control is read from the browser.
 */
import { CONSENT_CHANGE_EVENT, CONSENT_STORAGE_KEY, consentState, isConsentPolicy, parseChoice, type AdsConsent, type ConsentState } from '../lib/consent';

export const PRIVACY_CHOICES_ID = 'privacy-choices';

function localStore(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null; // storage disabled: no choice is remembered
  }
}

/** Where the panel is missing (a page without the site chrome), nothing may be measured: opt-in. */
function pagePolicy(doc: Document) {
  const policy = doc.getElementById(PRIVACY_CHOICES_ID)?.dataset.consentPolicy;
  return isConsentPolicy(policy) ? policy : 'opt-in';
}

export const globalPrivacyControl = (win: Window): boolean => (win.navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

export function readConsent(doc: Document = document, win: Window = window): ConsentState {
  return consentState({
    policy: pagePolicy(doc),
    choice: parseChoice(localStore(win)?.getItem(CONSENT_STORAGE_KEY) ?? null, Date.now()),
    gpc: globalPrivacyControl(win),
  });
}

export const adsAllowed = (doc: Document = document, win: Window = window): boolean => readConsent(doc, win).ads === 'granted';

/** Records the visitor's choice and tells the page (CONSENT_CHANGE_EVENT); returns the state now in force. */
export function saveChoice(ads: AdsConsent, doc: Document = document, win: Window = window): ConsentState {
  localStore(win)?.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ ads, at: Date.now() }));
  const state = readConsent(doc, win);
  win.dispatchEvent(new CustomEvent<ConsentState>(CONSENT_CHANGE_EVENT, { detail: state }));
  return state;
}

export function onConsentChange(win: Window, listener: (state: ConsentState) => void): void {
  win.addEventListener(CONSENT_CHANGE_EVENT, (event) => listener((event as CustomEvent<ConsentState>).detail));
}
