/**
 * The Meta pixel (browser), loaded only when a pixel id is configured and the visitor consents
 * (src/features/consent/page-consent.ts). This is Meta's base code as a module (no inline script): a queueing
 * `fbq` until fbevents.js takes over. Consent goes through Meta's consent API; the visitor's
 * external id (src/features/consent/consent.ts) goes with `init`, as the server event's `user_data.external_id`.
 * A browser that remembers an admin's session never loads it: the coach's own visits are not the
 * ads' audience (own-visit.ts).
 */
// Relative, and a module without imports: the build's tests import this file outside Astro.
import { remembersAdmin } from '../auth/admin-hint';

export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

export type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
};

type PixelWindow = Window & { fbq?: Fbq; _fbq?: Fbq };

/** The external id each installed pixel was initialised with. */
const initialisedWith = new WeakMap<Fbq, string | null>();

function init(fbq: Fbq, pixelId: string, externalId: string | null): void {
  initialisedWith.set(fbq, externalId);
  if (externalId) fbq('init', pixelId, { external_id: externalId });
  else fbq('init', pixelId);
}

/** A configured pixel id (digits), or null when the pixel is off. */
export function pixelIdFrom(value: string | null | undefined): string | null {
  const id = value?.trim() ?? '';
  return /^\d{10,20}$/.test(id) ? id : null;
}

/**
 * Installs the pixel once (consent grant + init with the external id + PageView) and returns `fbq`;
 * with no pixel id, or in an admin's browser, returns null and loads nothing. Call it only once
 * the visitor consents.
 */
export function installPixel(win: Window, pixelId: string | null, externalId: string | null): Fbq | null {
  if (!pixelId || remembersAdmin(win)) return null;
  const w = win as PixelWindow;
  if (w.fbq) return w.fbq;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  w.fbq = fbq;
  w._fbq ??= fbq;
  const script = win.document.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT_URL;
  win.document.head.append(script);
  fbq('consent', 'grant');
  init(fbq, pixelId, externalId);
  fbq('track', 'PageView');
  return fbq;
}

/** The pixel id the page declares (`<meta name="meta-pixel-id">`, rendered only when configured). */
export const pagePixelId = (doc: Document): string | null => pixelIdFrom(doc.querySelector<HTMLMetaElement>('meta[name="meta-pixel-id"]')?.content);

/**
 * A later change of consent: a refusal revokes it in the pixel already running (which then sends
 * nothing more); consent again grants it, or installs the pixel when it was never loaded. Consent
 * given again comes with a new external id (the refusal deleted the old one): the running pixel is
 * initialised again with it.
 */
export function setPixelConsent(win: Window, pixelId: string | null, allowed: boolean, externalId: string | null): void {
  const fbq = (win as PixelWindow).fbq;
  if (!allowed) fbq?.('consent', 'revoke');
  else if (!fbq) installPixel(win, pixelId, externalId);
  else {
    fbq('consent', 'grant');
    if (pixelId && initialisedWith.get(fbq) !== externalId) init(fbq, pixelId, externalId);
  }
}
