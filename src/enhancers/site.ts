/**
 * What every page's script does (each kind of page's entry in ./page-scripts/ calls it first). It
 * shares no module with any island (they meet on elements: a dialog's `open` and `data-*`, an
 * island's own element; see the features' contract.ts). Each enhancer does nothing on a page
 * without its elements. Click listeners are added at once, so every tap counts from the moment the
 * page is parsed; DOM work no tap depends on waits until the first frame is drawn.
 */
import { enhanceAccount } from '~/features/auth/account';
import { enhanceBookingTriggers } from '~/features/booking/opener';
import { watchImageFallbacks } from '~/enhancers/image-fallback';
import { enhanceNav } from '~/enhancers/nav';
import { followReplacements } from '~/enhancers/site-media-replaced';
import { applyConsentToCookies } from '~/features/tracking/attribution-cookies';
import { externalId, onConsentChange } from '~/features/consent/page-consent';
import { enhancePrivacyChoices } from '~/features/consent/privacy-choices';
import { afterFirstPaint } from '~/lib/idle';
import { installPixel, pagePixelId, setPixelConsent } from '~/features/tracking/pixel';

export function enhanceSite(doc: Document): void {
  enhanceNav(doc);
  enhanceBookingTriggers();
  enhancePrivacyChoices(doc);
  enhanceAccount(doc);
  // The logo replaced in the admin of this browser while this tab was open.
  followReplacements(doc);
  // Meta's cookies and pixel follow the visitor's choice at once (a thank-you page listens too).
  onConsentChange(window, (consent) => {
    const allowed = consent.ads === 'granted';
    applyConsentToCookies(allowed);
    setPixelConsent(window, pagePixelId(doc), allowed, externalId(doc));
  });
  afterFirstPaint(() => {
    watchImageFallbacks(doc);
    // Without consent (declined, Global Privacy Control) this also deletes a kept external id.
    const id = externalId(doc);
    if (id) installPixel(window, pagePixelId(doc), id);
  });
}
