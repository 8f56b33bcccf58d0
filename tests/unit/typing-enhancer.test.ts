// @vitest-environment jsdom
/**
 * The About heading's typing animation on the page (src/enhancers/typing.ts): it runs only while the
 * heading is more than half visible, reading the observer's latest entry when one callback brings
 * several (scrolled past quickly, or a busy page).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTyping } from '~/enhancers/typing';
import { fakeIntersectionObserver } from '../support/observed';

type Entry = { isIntersecting: boolean; intersectionRatio: number };
let seen: (entries: Entry[]) => void;

const onScreen: Entry = { isIntersecting: true, intersectionRatio: 1 };
const halfGone: Entry = { isIntersecting: true, intersectionRatio: 0.3 };
const offScreen: Entry = { isIntersecting: false, intersectionRatio: 0 };

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = `<h2 data-typing-heading>Coaching built for <span data-typing data-typing-words='["Business Women","Moms"]'>Business Women, Moms</span></h2>`;
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  const observer = fakeIntersectionObserver<Entry>();
  vi.stubGlobal('IntersectionObserver', observer.FakeIntersectionObserver);
  seen = observer.deliver;
  startTyping(document, { typeMs: 80, deleteMs: 40, pauseMs: 2500 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const typed = () => document.querySelector<HTMLElement>('[data-typing]')!;

describe('the typing animation', () => {
  it('runs while the heading is on screen, and stops where it was when it leaves', () => {
    expect(typed().textContent).toBe('Business Women');
    seen([onScreen]);
    expect(typed().hasAttribute('data-typing-running')).toBe(true);
    vi.advanceTimersByTime(2500);
    expect(typed().textContent).toBe('Business Wome');
    seen([offScreen]);
    expect(typed().hasAttribute('data-typing-running')).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(typed().textContent).toBe('Business Wome');
  });

  it('reads the latest of several entries in one callback', () => {
    seen([onScreen]);
    // On screen, then scrolled away before the callback ran: it stops.
    seen([onScreen, halfGone, offScreen]);
    expect(typed().hasAttribute('data-typing-running')).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(typed().textContent).toBe('Business Women');
    // Away, then back: it runs.
    seen([offScreen, onScreen]);
    expect(typed().hasAttribute('data-typing-running')).toBe(true);
    vi.advanceTimersByTime(2500);
    expect(typed().textContent).toBe('Business Wome');
  });
});
