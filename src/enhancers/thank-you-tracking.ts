/**
 * A thank-you page's conversion, sent once: the pixel event (when a pixel is configured) and
 * the server event carry the same event id, so Meta counts the lead once; a reload reuses
 * the id and sends only what was not sent yet. Failures are only logged.
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
  const bearer = functionsKey.startsWith('sb_') ? {} : { authorization: `Bearer ${functionsKey}` };
  return { url: `${functionsUrl}/track-conversion`, headers: { ...json, apikey: functionsKey, ...bearer } };
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

export async function trackConversion(kind: ConversionKind, target: ServerTarget | null): Promise<void> {
  const spec = CONVERSIONS[kind];
  const store = window.sessionStorage;
  const key = conversionStorageKey(kind);
  const state: ConversionState = conversionForView(parseConversionState(store.getItem(key)), navigationType(), () => newEventId(kind, crypto.randomUUID()));
  const save = () => store.setItem(key, JSON.stringify(state));
  save();

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
  // The head's attribution script finishes first: nothing of it may run after the record is cleared.
  doc.defaultView?.dispatchEvent(new Event(FINISH_ATTRIBUTION_EVENT));
  trackConversion(kind, serverTarget(kind, section))
    .catch((error: unknown) => console.error('tracking: conversion not sent', error))
    // Done, sent or not: what a test (or a tag manager) can wait on.
    .finally(() => (doc.documentElement.dataset.conversionTracked = ''));
}
