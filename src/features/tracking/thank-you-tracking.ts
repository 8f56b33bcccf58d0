/**
 * A thank-you page's conversion. The server always gets it: without consent (or with Global
 * Privacy Control) it is only counted, with nothing that identifies the visitor; with consent it
 * is the full event, and the pixel event (when a pixel is configured) carries the same event id, so
 * Meta counts the lead once. Consent given on the page after the count sends the consented event
 * with the same id (the server upgrades the count) and fires the pixel then. A send that fails
 * (5xx, no answer) is tried again a few times while the page is open; a reload reuses the id and
 * sends what was not sent yet. Failures are only logged. In a browser signed in as an admin the
 * pixel stays off and the session goes with the server event (own-visit.ts).
 */
import { FINISH_ATTRIBUTION_EVENT, readCookie, TRACKING_STORAGE_KEY, type AttributionRecord } from '~/features/tracking/attribution';
import {
  buildConversionPayload,
  buildCountPayload,
  conversionForView,
  conversionStorageKey,
  CONVERSIONS,
  deliveryOf,
  isConversionKind,
  newEventId,
  parseConversionState,
  RETRY_DELAYS_MS,
  serverHas,
  serverNeeds,
  type ConversionKind,
  type ConversionPayload,
  type ConversionState,
  type Delivery,
  type NavigationType,
} from '~/features/tracking/conversion';
import { ownVisitToken, withAccessToken } from '~/features/tracking/own-visit';
import { installPixel, pagePixelId } from '~/features/tracking/pixel';
import { captureAttribution } from '~/features/tracking/attribution-cookies';
import { adsAllowed, externalId, onConsentChange, readConsent } from '~/features/consent/page-consent';
import { nextTask } from '~/lib/idle';
import { supabaseKeyHeaders } from '../../../supabase/functions/_shared/supabase-key.ts';

function navigationType(): NavigationType {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type ?? 'navigate';
}

/**
 * Where the server event goes: the site's own endpoint, or the backend function whose address and
 * public (anon) key the page names (rendered from src/lib/env.ts by ThankYouPage.astro, so this
 * script imports no module an island shares and stays inline). The function is called as
 * supabase-js calls it for a visitor who is not signed in.
 */
export interface ServerTarget {
  url: string;
  headers: Record<string, string>;
}

export function serverTarget(kind: ConversionKind, section: HTMLElement): ServerTarget | null {
  const json = { 'content-type': 'application/json' };
  if (CONVERSIONS[kind].transport === 'api') return { url: '/api/track-conversion', headers: json };
  const { functionsUrl, functionsKey } = section.dataset;
  if (!functionsUrl || !functionsKey) return null;
  return { url: `${functionsUrl}/track-conversion`, headers: { ...json, ...supabaseKeyHeaders(functionsKey) } };
}

/** The server's reason for a refusal (`{"error": "..."}`, else the start of its text). */
function reasonOf(text: string): string {
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    if (typeof error === 'string') return error;
  } catch {
    // not JSON: the text itself
  }
  return text.slice(0, 200);
}

/** One POST of the event, and what it achieved. */
async function post(target: ServerTarget | null, payload: ConversionPayload): Promise<Delivery> {
  if (!target) {
    console.error('tracking: this page names no backend function for its conversion');
    return 'refused';
  }
  let response: Response;
  try {
    response = await fetch(target.url, { method: 'POST', headers: target.headers, body: JSON.stringify(payload), keepalive: true });
  } catch (error) {
    console.warn(`tracking: ${target.url} could not be reached`, error);
    return 'retry';
  }
  // Read to the end so the request completes; a refusal's text says why.
  const text = await response.text().catch(() => '');
  const delivery = deliveryOf(response.status);
  if (delivery === 'refused') console.error(`tracking: ${target.url} answered ${response.status}: ${reasonOf(text)}`);
  if (delivery === 'retry') console.warn(`tracking: ${target.url} answered ${response.status}; trying again`);
  return delivery;
}

/** This page view's conversion (a reload continues the stored one), saved at once. */
function conversionOfThisView(kind: ConversionKind): ConversionState {
  const key = conversionStorageKey(kind);
  const state = conversionForView(parseConversionState(sessionStorage.getItem(key)), navigationType(), () => newEventId(kind, crypto.randomUUID()));
  sessionStorage.setItem(key, JSON.stringify(state));
  return state;
}

function payloadFor(kind: ConversionKind, eventId: string, consented: boolean, attribution: AttributionRecord | null): ConversionPayload {
  const input = { kind, eventId, now: Date.now(), pageUrl: location.href, attribution };
  if (!consented) return buildCountPayload(input);
  const cookie = document.cookie;
  return buildConversionPayload({
    ...input,
    userAgent: navigator.userAgent,
    fbc: readCookie(cookie, '_fbc'),
    fbp: readCookie(cookie, '_fbp'),
    externalId: externalId(),
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The conversion of this page view. `send()` fires the pixel event when consent allows, and sends
 * the server what it does not have yet, as consent allows at each attempt; it resolves once the
 * first attempt has settled, and tries again after each of RETRY_DELAYS_MS while the server fails.
 */
export function pageConversion(kind: ConversionKind, target: ServerTarget | null, state: ConversionState) {
  const spec = CONVERSIONS[kind];
  const store = window.sessionStorage;
  const save = () => store.setItem(conversionStorageKey(kind), JSON.stringify(state));
  let attribution: AttributionRecord | null | undefined;
  let round = 0;

  const attempt = async (): Promise<Delivery> => {
    const consented = adsAllowed();
    if (!serverNeeds(state, consented)) return 'sent';
    attribution ??= captureAttribution();
    // A remembered admin's session goes with it, so the server can record her own visit apart (own-visit.ts).
    const token = await ownVisitToken();
    // The request in a task of its own: after the storage and cookie reads above it held the main thread for over 50 ms on a slow phone.
    await nextTask(window);
    const delivery = await post(target && { ...target, headers: withAccessToken(target.headers, token) }, payloadFor(kind, state.eventId, consented, attribution));
    if (delivery !== 'sent') return delivery;
    Object.assign(state, serverHas(state, consented));
    save();
    // While the visitor is still being asked, the record is kept for a consented event to follow.
    if (spec.clearAttributionAfter && (consented || !readConsent().ask)) store.removeItem(TRACKING_STORAGE_KEY);
    return delivery;
  };

  const retry = async (mine: number, first: Delivery) => {
    let delivery = first;
    for (const ms of RETRY_DELAYS_MS) {
      if (delivery !== 'retry') return;
      await wait(ms);
      // A newer send (consent given meanwhile) has taken over.
      if (mine !== round) return;
      delivery = await attempt();
    }
    if (delivery === 'retry') console.error(`tracking: conversion ${state.eventId} not sent after ${RETRY_DELAYS_MS.length + 1} attempts; a reload sends it again`);
  };

  return {
    async send(): Promise<void> {
      const mine = ++round;
      if (adsAllowed()) {
        const fbq = installPixel(window, pagePixelId(document), externalId());
        if (fbq && !state.pixelSent) {
          fbq('track', spec.pixelEvent, { conversion_type: spec.conversionType }, { eventID: state.eventId });
          state.pixelSent = true;
          save();
        }
      }
      void retry(mine, await attempt()).catch((error: unknown) => console.error('tracking: conversion not sent', error));
    },
  };
}

export function startThankYouTracking(doc: Document): void {
  const section = doc.querySelector<HTMLElement>('[data-conversion]');
  const kind = section?.dataset.conversion;
  if (!section || !isConversionKind(kind)) return;
  const win = doc.defaultView ?? window;
  // The head's attribution script finishes first: nothing of it may run after the record is cleared.
  win.dispatchEvent(new Event(FINISH_ATTRIBUTION_EVENT));
  const conversion = pageConversion(kind, serverTarget(kind, section), conversionOfThisView(kind));
  const send = () => conversion.send().catch((error: unknown) => console.error('tracking: conversion not sent', error));
  // The first attempt has settled (sent, refused, or failed and to be tried again): what a test
  // (or a tag manager) can wait on.
  void send().finally(() => (doc.documentElement.dataset.conversionTracked = ''));
  onConsentChange(win, (consent) => {
    if (consent.ads === 'granted') void send();
  });
}
