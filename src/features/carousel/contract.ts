/**
 * What the page script (strip.ts) and the carousel island (TestimonialsCarousel.tsx) share, on
 * elements. Types only: the page script and the island share no module at run time.
 *
 * - The carousel's root (`[data-carousel]`, the island's host): the page script writes `ready` and
 *   `moving`; the island follows `moving` with embla's auto-scroll.
 * - Each row (`[data-carousel-row]`): the island writes `engine: 'embla'` when it takes the row
 *   over, and from then on the page script leaves that row's track alone.
 * - Each row's track (`[data-carousel-track]`, the row's one child): until then the page script
 *   moves it by an animation of its transform and holds it with an inline
 *   `transform: translate3d(<x>px,0px,0px)` (carousel.ts, `trackTransform`, as embla writes it);
 *   embla starts from the x drawn (the computed transform), ending any animation of the track.
 */
export interface CarouselHostData {
  /** Set once the slides are copied and the rows are moved by script (not natively scrolled). */
  ready?: 'true';
  /** Whether the rows should move now (carousel.ts, `shouldAutoScroll`). */
  moving?: 'true' | 'false';
}

export interface CarouselRowData {
  /** embla owns the row. */
  engine?: 'embla';
}
