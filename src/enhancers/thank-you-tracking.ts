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

async function sendToServer(kind: ConversionKind, payload: ConversionPayload): Promise<boolean> {
  const body = payload as unknown as Record<string, unknown>;
  if (CONVERSIONS[kind].transport === 'api') {
    const response = await fetch('/api/track-conversion', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    });
    // Read the answer to the end so the request completes (it is not otherwise used).
    await response.arrayBuffer();
    if (!response.ok) console.error(`tracking: /api/track-conversion answered ${response.status}`);
    return response.ok;
  }
  const { invokeFunction } = await import('~/lib/functions');
  const { error } = await invokeFunction('track-conversion', body, { keepalive: true });
  if (error) console.error('tracking: track-conversion failed', error);
  return !error;
}

export async function trackConversion(kind: ConversionKind): Promise<void> {
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
  if (await sendToServer(kind, payload)) {
    state.serverSent = true;
    save();
    if (spec.clearAttributionAfter) store.removeItem(TRACKING_STORAGE_KEY);
  }
}

export function startThankYouTracking(doc: Document): void {
  const kind = doc.querySelector<HTMLElement>('[data-conversion]')?.dataset.conversion;
  if (!isConversionKind(kind)) return;
  // The head's attribution script finishes first: nothing of it may run after the record is cleared.
  doc.defaultView?.dispatchEvent(new Event(FINISH_ATTRIBUTION_EVENT));
  trackConversion(kind)
    .catch((error: unknown) => console.error('tracking: conversion not sent', error))
    // Done, sent or not: what a test (or a tag manager) can wait on.
    .finally(() => (doc.documentElement.dataset.conversionTracked = ''));
}
