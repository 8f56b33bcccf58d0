/**
 * The one script of every page (src/layouts/SiteLayout.astro). It shares no module with any
 * island (they meet on elements: a dialog's `open` and `data-*`, an island's own element; see the
 * features' contract.ts), so once bundled it imports nothing and Astro inlines it into each page:
 * no request on the way to the first paint, and its listeners are there as soon as the page is
 * parsed. Each enhancer does nothing on a page without its elements. Click listeners are added at
 * once, so every tap counts; DOM work no tap depends on waits until the first frame is drawn.
 */
import { enhanceAccount } from '~/features/auth/account';
import { enhanceBookingTriggers } from '~/features/booking/opener';
import { enhanceGetResource } from '~/features/get-resource/opener';
import { enhanceHomePage } from '~/enhancers/home';
import { watchImageFallbacks } from '~/enhancers/image-fallback';
import { enhanceNav } from '~/enhancers/nav';
import { logMissingPage } from '~/enhancers/not-found';
import { enhanceResourceFilters } from '~/enhancers/resource-filter';
import { enhanceSpotsBadges } from '~/enhancers/spots-badge';
import { startThankYouTracking } from '~/features/tracking/thank-you-tracking';
import { applyConsentToCookies } from '~/features/tracking/attribution-cookies';
import { externalId, onConsentChange } from '~/features/consent/page-consent';
import { enhancePrivacyChoices } from '~/features/consent/privacy-choices';
import { afterFirstPaint } from '~/lib/idle';
import { installPixel, pagePixelId, setPixelConsent } from '~/features/tracking/pixel';

export function enhanceSite(doc: Document): void {
  enhanceNav(doc);
  enhanceBookingTriggers();
  enhanceHomePage(doc);
  enhanceResourceFilters(doc);
  enhanceGetResource();
  logMissingPage(doc);
  enhancePrivacyChoices(doc);
  enhanceAccount(doc);
  // Meta's cookies and pixel follow the visitor's choice at once (a thank-you page listens too).
  onConsentChange(window, (consent) => {
    const allowed = consent.ads === 'granted';
    applyConsentToCookies(allowed);
    setPixelConsent(window, pagePixelId(doc), allowed, externalId(doc));
  });
  afterFirstPaint(() => {
    watchImageFallbacks(doc);
    enhanceSpotsBadges(doc);
    // Without consent (declined, Global Privacy Control) this also deletes a kept external id.
    const id = externalId(doc);
    if (id) installPixel(window, pagePixelId(doc), id);
    startThankYouTracking(doc);
  });
}
