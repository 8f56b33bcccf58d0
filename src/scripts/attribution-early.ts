/**
 * Inlined in the <head> of every indexed page (src/components/site/Tracking.astro) and run while
 * the page is parsed: an ad visit's parameters are kept even if the visitor follows a link at once.
 */
import { captureAttribution } from './attribution';

try {
  captureAttribution();
} catch (error) {
  console.error('tracking: attribution failed', error);
}
