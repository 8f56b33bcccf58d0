/**
 * The enhancers every public page shares (header, logo fallback, spots badges, booking
 * buttons, the display font), in one module: one request instead of one per component, since each module script
 * is a high-priority round trip on a phone.
 */
import { enhanceBookingTriggers } from '~/scripts/booking-opener';
import { useDisplayFont } from '~/scripts/display-font';
import { watchImageFallbacks } from '~/scripts/image-fallback';
import { enhanceNav } from '~/scripts/nav';
import { enhanceSpotsBadges } from '~/scripts/spots-badge';

export function enhanceSite(doc: Document): void {
  watchImageFallbacks(doc);
  enhanceNav(doc);
  enhanceSpotsBadges(doc);
  enhanceBookingTriggers();
  useDisplayFont(doc);
}
