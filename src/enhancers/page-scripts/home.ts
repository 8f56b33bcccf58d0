/**
 * The home page: what every page does, its sections (src/enhancers/home.ts) and the carousel's
 * strip (src/features/carousel/strip.ts), whose observer starts after the first frame.
 */
import { enhanceHomePage } from '~/enhancers/home';
import { enhanceSite } from '~/enhancers/site';
import { enhanceCarousel } from '~/features/carousel/strip';
import { afterFirstPaint } from '~/lib/idle';

enhanceSite(document);
enhanceHomePage(document);
const carousel = enhanceCarousel(document, window);
afterFirstPaint(() => carousel?.watch(), window);
