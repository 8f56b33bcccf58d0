import { describe, expect, it } from 'vitest';
import { CAROUSEL_COPIES, CAROUSEL_RESUME_MS, CAROUSEL_SPEED_PX_PER_S, autoScrollSpeed, shouldAutoScroll, startsPaused } from '~/features/carousel/carousel';

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
