/** A thank-you page: what every page does, and its conversion (src/features/tracking/thank-you-tracking.ts) after the first frame. */
import { enhanceSite } from '~/enhancers/site';
import { startThankYouTracking } from '~/features/tracking/thank-you-tracking';
import { afterFirstPaint } from '~/lib/idle';

enhanceSite(document);
afterFirstPaint(() => startThankYouTracking(document), window);
