/**
 * The testimonials carousel's constants (docs/product.md §4, §9) and the small rules around them.
 */
export const CAROUSEL_SPEED_PX_PER_S = 60;
export const CAROUSEL_RESUME_MS = 2000;
/** The content is repeated this many times, so the loop never shows a gap. */
export const CAROUSEL_COPIES = 3;

/** Embla advances its auto-scroll `speed` pixels per step, at a fixed 60 steps per second. */
export const EMBLA_STEPS_PER_S = 60;

export function autoScrollSpeed(pxPerSecond: number = CAROUSEL_SPEED_PX_PER_S): number {
  return pxPerSecond / EMBLA_STEPS_PER_S;
}

/**
 * Whether the carousel should be moving: not after the visitor pressed pause (visitors who ask
 * for reduced motion start paused, see `startsPaused`); not while it is being hovered, touched,
 * scrolled or focused; not while it is off screen.
 */
export interface CarouselConditions {
  userPaused: boolean;
  interacting: boolean;
  visible: boolean;
}

export function shouldAutoScroll({ userPaused, interacting, visible }: CarouselConditions): boolean {
  return !userPaused && !interacting && visible;
}

/** Reduced motion means no autoscroll: the carousel starts paused (the visitor may press play). */
export const startsPaused = (reducedMotion: boolean): boolean => reducedMotion;
