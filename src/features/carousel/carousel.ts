/**
 * The testimonials carousel's constants (docs/product.md §4, §9) and the small rules around them:
 * when it moves, how far a frame moves it, and where a row's offset wraps round. The page script
 * (strip.ts) moves the rows with these until embla takes a row over; the island gets embla's
 * speed from Testimonials.astro (`autoScrollSpeed`), so it never imports this module.
 */
export const CAROUSEL_SPEED_PX_PER_S = 60;
export const CAROUSEL_RESUME_MS = 2000;
/** The content is repeated this many times, so the loop never shows a gap. */
export const CAROUSEL_COPIES = 3;
/** The slides are copied (and the rows made the page script's) when the carousel is this near the screen. */
export const CAROUSEL_NEAR_MARGIN = '200px';

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

/**
 * A track's offset (its translateX, ≤ 0) brought into (-loopWidth, 0]: one copy of the slides is
 * `loopWidth` wide and the copies look alike, so the row looks the same after the jump.
 */
export function wrapOffset(offset: number, loopWidth: number): number {
  if (!(loopWidth > 0)) return offset;
  const wrapped = offset % loopWidth;
  return (wrapped > 0 ? wrapped - loopWidth : wrapped) + 0; // + 0: no -0
}

/**
 * A row's motion (an animation of its track): one loop of the slides, from 0 to -loopWidth
 * (forward: the content moves left) at `pxPerSecond`, repeated, begun where the row is (`offset`).
 */
export function loopMotion(loopWidth: number, offset: number, pxPerSecond: number = CAROUSEL_SPEED_PX_PER_S) {
  const keyframes: Keyframe[] = [{ transform: trackTransform(0) }, { transform: trackTransform(-loopWidth) }];
  const timing: KeyframeAnimationOptions = { duration: (loopWidth / pxPerSecond) * 1000, iterations: Infinity };
  return { keyframes, timing, currentTime: (-wrapOffset(offset, loopWidth) / pxPerSecond) * 1000 + 0 }; // + 0: no -0
}

/** Where a row is `elapsedMs` into that motion (the animation's current time). */
export function offsetAfter(elapsedMs: number, loopWidth: number, pxPerSecond: number = CAROUSEL_SPEED_PX_PER_S): number {
  return wrapOffset(-(pxPerSecond * Math.max(elapsedMs, 0)) / 1000, loopWidth);
}

/** The track's transform for `offset`, written as embla writes it (two decimals), so a hand-over never moves it. */
export function trackTransform(offset: number): string {
  return `translate3d(${Math.round(offset * 100) / 100 + 0}px,0px,0px)`;
}
