import { describe, expect, it } from 'vitest';
import {
  CAROUSEL_COPIES,
  CAROUSEL_MAX_FRAME_MS,
  CAROUSEL_RESUME_MS,
  CAROUSEL_SPEED_PX_PER_S,
  advanceOffset,
  autoScrollSpeed,
  shouldAutoScroll,
  startsPaused,
  trackTransform,
  wrapOffset,
} from '~/features/carousel/carousel';

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
  it('moves 60 px in a second of frames, 1 px a frame at 60 frames per second', () => {
    let offset = 0;
    for (let frame = 0; frame < 60; frame++) offset = advanceOffset(offset, 1000 / 60, 5000);
    expect(offset).toBeCloseTo(-60, 6);
    expect(advanceOffset(-10, 1000 / 60, 5000)).toBeCloseTo(-11, 6);
  });

  it('counts at most CAROUSEL_MAX_FRAME_MS between two frames, and never goes back', () => {
    expect(CAROUSEL_MAX_FRAME_MS).toBe(100);
    expect(advanceOffset(0, 5000, 5000)).toBeCloseTo(-6, 6);
    expect(advanceOffset(-20, -16, 5000)).toBe(-20);
  });

  it('wraps round after one copy of the slides, where the row looks the same', () => {
    expect(wrapOffset(-10, 100)).toBe(-10);
    expect(wrapOffset(-100, 100)).toBe(0);
    expect(Object.is(wrapOffset(-100, 100), 0)).toBe(true);
    expect(wrapOffset(-130, 100)).toBe(-30);
    expect(wrapOffset(20, 100)).toBe(-80); // dragged backwards past the start
    expect(advanceOffset(-99.5, 1000 / 60, 100)).toBeCloseTo(-0.5, 6);
    // Not measured yet: left as it is.
    expect(wrapOffset(-130, 0)).toBe(-130);
  });

  it('writes the transform as embla does (two decimals), so embla takes over with no jump', () => {
    expect(trackTransform(-12.346)).toBe('translate3d(-12.35px,0px,0px)');
    expect(trackTransform(-240)).toBe('translate3d(-240px,0px,0px)');
    expect(trackTransform(-0.001)).toBe('translate3d(0px,0px,0px)');
  });
});
