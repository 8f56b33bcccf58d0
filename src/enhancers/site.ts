/**
 * The enhancers every public page shares, in one module (one request on the way to the first
 * paint, where each module script is a round trip of its own). Click listeners are added at once,
 * so every tap counts from the moment the page is parsed; DOM work no tap depends on waits until
 * the first frame is drawn.
 */
import { enhanceBookingTriggers } from '~/enhancers/booking-opener';
import { useDisplayFont } from '~/enhancers/display-font';
import { watchImageFallbacks } from '~/enhancers/image-fallback';
import { enhanceNav } from '~/enhancers/nav';
import { enhanceSpotsBadges } from '~/enhancers/spots-badge';
import { afterFirstPaint } from '~/lib/idle';
import { installPixel, pagePixelId } from '~/lib/tracking/pixel';

export function enhanceSite(doc: Document): void {
  enhanceNav(doc);
  enhanceBookingTriggers();
  afterFirstPaint(() => {
    watchImageFallbacks(doc);
    enhanceSpotsBadges(doc);
    installPixel(window, pagePixelId(doc));
    useDisplayFont(doc);
  });
}
