/**
 * A thank-you page's conversion, sent once: the pixel event (when a pixel is configured) and
 * the server event carry the same event id, so Meta counts the lead once; a reload reuses
 * the id and sends only what was not sent yet. Failures are only logged. Nothing is sent without
 * the visitor's consent; consent given on the page sends the page's conversion then.
 */
import { FINISH_ATTRIBUTION_EVENT, readCookie, TRACKING_STORAGE_KEY } from '~/lib/tracking/attribution';
import {
  buildConversionPayload,
  conversionForView,
  conversionStorageKey,
  CONVERSIONS,
  isConversionKind,
  newEventId,
  parseConversionState,
  type ConversionKind,
  type ConversionPayload,
  type ConversionState,
  type NavigationType,
} from '~/lib/tracking/conversion';
import { installPixel, pagePixelId } from '~/lib/tracking/pixel';
import { captureAttribution } from '~/enhancers/attribution';
import { adsAllowed, onConsentChange } from '~/enhancers/consent';
import { supabaseKeyHeaders } from '../../supabase/functions/_shared/supabase-key.ts';

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

async function sendToServer(target: ServerTarget | null, payload: ConversionPayload): Promise<boolean> {
  if (!target) {
    console.error('tracking: this page names no backend function for its conversion');
    return false;
  }
  const response = await fetch(target.url, { method: 'POST', headers: target.headers, body: JSON.stringify(payload), keepalive: true });
  // Read the answer to the end so the request completes (it is not otherwise used).
  await response.arrayBuffer();
  if (!response.ok) console.error(`tracking: ${target.url} answered ${response.status}`);
  return response.ok;
}

/** This page view's conversion (a reload continues the stored one), saved at once. */
function conversionOfThisView(kind: ConversionKind): ConversionState {
  const key = conversionStorageKey(kind);
  const state = conversionForView(parseConversionState(sessionStorage.getItem(key)), navigationType(), () => newEventId(kind, crypto.randomUUID()));
  sessionStorage.setItem(key, JSON.stringify(state));
  return state;
}

export async function trackConversion(kind: ConversionKind, target: ServerTarget | null, state: ConversionState = conversionOfThisView(kind)): Promise<void> {
  const spec = CONVERSIONS[kind];
  const store = window.sessionStorage;
  const save = () => store.setItem(conversionStorageKey(kind), JSON.stringify(state));

  const attribution = captureAttribution();
  const payload = buildConversionPayload({
    kind,
    eventId: state.eventId,
    now: Date.now(),
    pageUrl: location.href,
    userAgent: navigator.userAgent,
    attribution,
    fbc: readCookie(document.cookie, '_fbc'),
    fbp: readCookie(document.cookie, '_fbp'),
  });

  const fbq = installPixel(window, pagePixelId(document));
  if (fbq && !state.pixelSent) {
    fbq('track', spec.pixelEvent, { conversion_type: spec.conversionType }, { eventID: state.eventId });
    state.pixelSent = true;
    save();
  }

  if (state.serverSent) return;
  if (await sendToServer(target, payload)) {
    state.serverSent = true;
    save();
    if (spec.clearAttributionAfter) store.removeItem(TRACKING_STORAGE_KEY);
  }
}

export function startThankYouTracking(doc: Document): void {
  const section = doc.querySelector<HTMLElement>('[data-conversion]');
  const kind = section?.dataset.conversion;
  if (!section || !isConversionKind(kind)) return;
  const win = doc.defaultView ?? window;
  // The head's attribution script finishes first: nothing of it may run after the record is cleared.
  win.dispatchEvent(new Event(FINISH_ATTRIBUTION_EVENT));
  const state = conversionOfThisView(kind);
  // Done, sent, skipped or failed: what a test (or a tag manager) can wait on.
  const done = () => (doc.documentElement.dataset.conversionTracked = '');
  let started = false;
  const send = () => {
    started = true;
    return trackConversion(kind, serverTarget(kind, section), state).catch((error: unknown) => console.error('tracking: conversion not sent', error));
  };
  if (adsAllowed(doc, win)) {
    void send().finally(done);
    return;
  }
  done();
  onConsentChange(win, (consent) => {
    if (consent.ads === 'granted' && !started) void send();
  });
}
