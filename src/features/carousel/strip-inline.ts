/**
 * Inlined right after the carousel's markup (Testimonials.astro, built by
 * src/integrations/inline-script.ts), so only the pages with the carousel carry strip.ts: its
 * buttons listen from the moment they are parsed, and the watch for the screen starts after the
 * first frame.
 */
import { afterFirstPaint } from '../../lib/idle';
import { enhanceCarousel } from './strip';

const carousel = enhanceCarousel(document, window);
afterFirstPaint(() => carousel?.watch(), window);
