// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadWhenIdle, nextTask, whenIdle } from '~/lib/idle';

/** A window whose idle callbacks and timers are recorded instead of run. */
function fakeWindow(withIdle: boolean) {
  const idle: { run: () => void; timeout: number | undefined }[] = [];
  const timers: { run: () => void; ms: number | undefined }[] = [];
  const win = Object.assign(Object.create(window), {
    requestIdleCallback: withIdle ? (run: () => void, options?: IdleRequestOptions) => idle.push({ run, timeout: options?.timeout }) : undefined,
    setTimeout: (run: () => void, ms?: number) => timers.push({ run, ms }),
    addEventListener: window.addEventListener.bind(window),
  }) as Window;
  return { win, idle, timers };
}

const setReadyState = (state: DocumentReadyState) => Object.defineProperty(document, 'readyState', { value: state, configurable: true });

afterEach(() => setReadyState('complete'));

describe('whenIdle', () => {
  it('asks for an idle moment with the latest time it may wait', () => {
    const { win, idle, timers } = fakeWindow(true);
    const run = vi.fn();
    whenIdle(win, run, { timeoutMs: 500, fallbackMs: 50 });
    expect(idle.map((entry) => entry.timeout)).toEqual([500]);
    expect(timers).toHaveLength(0);
    expect(run).not.toHaveBeenCalled();
    idle[0]?.run();
    expect(run).toHaveBeenCalledOnce();
  });

  it('uses a timer where there are no idle callbacks (Safari)', () => {
    const { win, timers } = fakeWindow(false);
    const run = vi.fn();
    whenIdle(win, run, { timeoutMs: 500, fallbackMs: 50 });
    expect(timers.map((entry) => entry.ms)).toEqual([50]);
    timers[0]?.run();
    expect(run).toHaveBeenCalledOnce();
  });
});

describe('afterLoadWhenIdle', () => {
  it('waits for the load event before asking for an idle moment', () => {
    setReadyState('interactive');
    const { win, idle } = fakeWindow(true);
    const run = vi.fn();
    afterLoadWhenIdle(document, win, run, { timeoutMs: 2000, fallbackMs: 0 });
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    window.dispatchEvent(new Event('load'));
    expect(idle.map((entry) => entry.timeout)).toEqual([2000]);
    idle[0]?.run();
    expect(run).toHaveBeenCalledOnce();
  });

  it('asks at once when the page has already loaded', () => {
    setReadyState('complete');
    const { win, idle } = fakeWindow(true);
    afterLoadWhenIdle(document, win, vi.fn(), { timeoutMs: 2000, fallbackMs: 0 });
    expect(idle).toHaveLength(1);
  });
});

describe('nextTask', () => {
  it('yields with scheduler.yield() where the browser has it', async () => {
    const yielded = vi.fn(() => Promise.resolve());
    const win = Object.assign(Object.create(window), { scheduler: { yield: yielded } }) as Window;
    await nextTask(win);
    expect(yielded).toHaveBeenCalledOnce();
  });

  it('elsewhere resolves in a later task (a message to itself), not with the promises of this one', async () => {
    const win = Object.assign(Object.create(window), { scheduler: undefined }) as Window;
    let resolved = false;
    void nextTask(win).then(() => (resolved = true));
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.waitFor(() => expect(resolved).toBe(true));
  });
});
