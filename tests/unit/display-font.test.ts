// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPLAY_FONT_CLASS, useDisplayFontWhenIdle } from '~/scripts/display-font';

const root = () => document.documentElement;

afterEach(() => {
  root().classList.remove(DISPLAY_FONT_CLASS);
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('useDisplayFontWhenIdle', () => {
  it('asks for the display face only after the page has loaded and the browser is idle', () => {
    vi.useFakeTimers();
    const idle: (() => void)[] = [];
    const win = Object.assign(Object.create(window), {
      requestIdleCallback: (run: () => void) => idle.push(run),
      addEventListener: window.addEventListener.bind(window),
    }) as Window;
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    useDisplayFontWhenIdle(document, win);
    expect(root().classList.contains(DISPLAY_FONT_CLASS)).toBe(false);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    expect(root().classList.contains(DISPLAY_FONT_CLASS)).toBe(false);
    idle[0]?.();
    expect(root().classList.contains(DISPLAY_FONT_CLASS)).toBe(true);
  });

  it('uses the face at once later in the same session (it is in the cache)', () => {
    sessionStorage.setItem('display-font-used', '1');
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    useDisplayFontWhenIdle(document, window);
    expect(root().classList.contains(DISPLAY_FONT_CLASS)).toBe(true);
  });

  it('falls back to a timer where requestIdleCallback is missing (Safari)', () => {
    vi.useFakeTimers();
    const win = Object.assign(Object.create(window), {
      requestIdleCallback: undefined,
      setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    }) as Window;
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    useDisplayFontWhenIdle(document, win);
    expect(root().classList.contains(DISPLAY_FONT_CLASS)).toBe(false);
    vi.advanceTimersByTime(100);
    expect(root().classList.contains(DISPLAY_FONT_CLASS)).toBe(true);
  });
});
