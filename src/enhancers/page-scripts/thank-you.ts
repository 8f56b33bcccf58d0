/**
 * A thank-you page: what every page does, and its conversion (src/features/tracking/thank-you-tracking.ts)
 * after the first frame. The head's record of the visit is finished in a task before it: together
 * they held the main thread for over 50 ms on a slow phone.
 */
import { enhanceSite } from '~/enhancers/site';
import { FINISH_ATTRIBUTION_EVENT } from '~/features/tracking/attribution';
import { startThankYouTracking } from '~/features/tracking/thank-you-tracking';
import { afterFirstPaint } from '~/lib/idle';

enhanceSite(document);
afterFirstPaint(() => dispatchEvent(new Event(FINISH_ATTRIBUTION_EVENT)), window);
afterFirstPaint(() => startThankYouTracking(document), window);
