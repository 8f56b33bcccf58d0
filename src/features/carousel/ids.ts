/** The carousel's element ids: written by Testimonials.astro, found by the page script (strip.ts). */
export const CAROUSEL_IDS = {
  root: 'testimonials-carousel',
  toggle: 'testimonials-carousel-toggle',
} as const;
