// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPLAY_FONT_CLASS, SESSION_KEY, cacheFaces, useDisplayFont } from '~/enhancers/display-font';

const root = () => document.documentElement;

/** A stand-in for document.fonts: faces with a status and a load() that records the call. */
function fakeFonts(statuses: FontFaceLoadStatus[], fail = false, families: string[] = []) {
  const loaded: number[] = [];
  const faces = statuses.map((status, index) => ({
    status,
    family: families[index] ?? `Montserrat-${index}`,
    load: () => {
      loaded.push(index);
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve();
    },
  }));
  Object.defineProperty(document, 'fonts', { value: { forEach: (fn: (face: unknown) => void) => faces.forEach(fn) }, configurable: true });
  return loaded;
}

afterEach(() => {
  root().classList.remove(DISPLAY_FONT_CLASS);
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('useDisplayFont', () => {
  it('on the first page of a visit keeps the fallback and caches the faces after load, when idle', async () => {
    const loaded = fakeFonts(['unloaded', 'loaded', 'unloaded', 'unloaded'], false, [
      'Montserrat-1a',
      'Montserrat-1a',
      'Montserrat-2b',
      '"Montserrat-1a fallback: Arial"',
    ]);
    const idle: (() => void)[] = [];
    const win = Object.assign(Object.create(window), {
      requestIdleCallback: (run: () => void) => idle.push(run),
      addEventListener: window.addEventListener.bind(window),
      sessionStorage: window.sessionStorage,
    }) as Window;
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    useDisplayFont(document, win);
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    idle[0]?.();
    await vi.waitFor(() => expect(sessionStorage.getItem(SESSION_KEY)).toBe('1'));
    expect(loaded).toEqual([0, 2]);
    expect(root().classList.contains(DISPLAY_FONT_CLASS)).toBe(false);
  });

  it('does nothing more on a page that already uses the face (set in the head)', () => {
    const loaded = fakeFonts(['unloaded']);
    root().classList.add(DISPLAY_FONT_CLASS);
    const idle: (() => void)[] = [];
    const win = Object.assign(Object.create(window), { requestIdleCallback: (run: () => void) => idle.push(run) }) as Window;
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    useDisplayFont(document, win);
    expect(idle).toHaveLength(0);
    expect(loaded).toEqual([]);
  });

  it('does not download the face again when this visit has cached it, nor add the class late', () => {
    const loaded = fakeFonts(['unloaded']);
    sessionStorage.setItem(SESSION_KEY, '1');
    const idle: (() => void)[] = [];
    const win = Object.assign(Object.create(window), {
      requestIdleCallback: (run: () => void) => idle.push(run),
      sessionStorage: window.sessionStorage,
    }) as Window;
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    useDisplayFont(document, win);
    idle[0]?.();
    expect(loaded).toEqual([]);
    expect(root().classList.contains(DISPLAY_FONT_CLASS)).toBe(false);
  });
  it('falls back to a timer where requestIdleCallback is missing (Safari)', async () => {
    vi.useFakeTimers();
    fakeFonts(['unloaded']);
    const win = Object.assign(Object.create(window), {
      requestIdleCallback: undefined,
      setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
      sessionStorage: window.sessionStorage,
    }) as Window;
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    useDisplayFont(document, win);
    await vi.advanceTimersByTimeAsync(200);
    expect(sessionStorage.getItem(SESSION_KEY)).toBe('1');
  });
});

describe('cacheFaces', () => {
  it('does not remember a failed download, so the next page does not wait for it', async () => {
    fakeFonts(['unloaded'], true);
    await cacheFaces(document, window);
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });
});
