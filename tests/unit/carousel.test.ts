import { describe, expect, it } from 'vitest';
import { CAROUSEL_COPIES, CAROUSEL_RESUME_MS, CAROUSEL_SPEED_PX_PER_S } from '~/features/carousel/carousel';
import { autoScrollSpeed, loopMotion, offsetAfter, shouldAutoScroll, startsPaused, trackTransform, wrapOffset } from '~/features/carousel/carousel';

describe('carousel constants and rules (docs/product.md §9)', () => {
  it('moves 60 px per second: 1 px per embla step at 60 steps per second', () => {
    expect(CAROUSEL_SPEED_PX_PER_S).toBe(60);
    expect(autoScrollSpeed()).toBe(1);
    expect(autoScrollSpeed(120)).toBe(2);
  });

  it('resumes 2000 ms after an interaction and repeats the content 3 times', () => {
    expect(CAROUSEL_RESUME_MS).toBe(2000);
    expect(CAROUSEL_COPIES).toBe(3);
  });

  it('moves only when not paused, not interacted with and on screen', () => {
    expect(shouldAutoScroll({ userPaused: false, interacting: false, visible: true })).toBe(true);
    expect(shouldAutoScroll({ userPaused: true, interacting: false, visible: true })).toBe(false);
    expect(shouldAutoScroll({ userPaused: false, interacting: true, visible: true })).toBe(false);
    expect(shouldAutoScroll({ userPaused: false, interacting: false, visible: false })).toBe(false);
  });

  it('starts paused for visitors who ask for reduced motion', () => {
    expect(startsPaused(true)).toBe(true);
    expect(startsPaused(false)).toBe(false);
  });
});

describe('moving a row without embla (the page script)', () => {
  it('moves one copy of the slides in a loop, 60 px a second, from where the row is', () => {
    expect(loopMotion(1200, 0)).toEqual({
      keyframes: [{ transform: 'translate3d(0px,0px,0px)' }, { transform: 'translate3d(-1200px,0px,0px)' }],
      timing: { duration: 20_000, iterations: Infinity },
      currentTime: 0,
    });
    // Held 90 px in (or dragged back past the start, to 1110 px in): on from there.
    expect(loopMotion(1200, -90).currentTime).toBe(1500);
    expect(loopMotion(1200, 90).currentTime).toBe(18_500);
    expect(offsetAfter(1000, 5000)).toBeCloseTo(-60, 6);
    expect(offsetAfter(1000 / 60, 5000)).toBeCloseTo(-1, 6);
    // Past one loop, round again; before the start (a time not begun), at the start.
    expect(offsetAfter(2500, 100)).toBeCloseTo(-50, 6);
    expect(offsetAfter(-16, 5000)).toBe(0);
  });

  it('wraps round after one copy of the slides, where the row looks the same', () => {
    expect(wrapOffset(-10, 100)).toBe(-10);
    expect(wrapOffset(-100, 100)).toBe(0);
    expect(Object.is(wrapOffset(-100, 100), 0)).toBe(true);
    expect(wrapOffset(-130, 100)).toBe(-30);
    expect(wrapOffset(20, 100)).toBe(-80); // dragged backwards past the start
    // Not measured yet: left as it is.
    expect(wrapOffset(-130, 0)).toBe(-130);
  });

  it('writes the transform as embla does (two decimals), so embla takes over with no jump', () => {
    expect(trackTransform(-12.346)).toBe('translate3d(-12.35px,0px,0px)');
    expect(trackTransform(-240)).toBe('translate3d(-240px,0px,0px)');
    expect(trackTransform(-0.001)).toBe('translate3d(0px,0px,0px)');
  });
});
