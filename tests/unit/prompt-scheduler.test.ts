import { describe, expect, it } from 'vitest';
import { PROMPT_DELAY_MS, initialPromptState, nextDueAt, promptReducer, visibleShare, type PromptEvent, type PromptState } from '~/features/prompt/scheduler';

const run = (events: PromptEvent[], state: PromptState = initialPromptState()) => events.reduce((s, e) => promptReducer(s, e), state);

describe('floating prompt scheduler', () => {
  it('waits 3000 ms', () => {
    expect(PROMPT_DELAY_MS).toBe(3000);
  });

  it('shows a section’s message after it has been visible for 3000 ms, with the red dot', () => {
    const seen = run([{ type: 'visible', section: 'about', at: 1000 }]);
    expect(nextDueAt(seen)).toBe(4000);
    const early = promptReducer(seen, { type: 'tick', at: 3999 });
    expect(early.current).toBeNull();
    expect(early.dot).toBe(false);
    const due = promptReducer(seen, { type: 'tick', at: 4000 });
    expect(due.current).toBe('about');
    expect(due.dot).toBe(true);
    expect(nextDueAt(due)).toBeNull();
  });

  it('restarts the count when the section leaves the screen before 3000 ms', () => {
    const state = run([
      { type: 'visible', section: 'about', at: 0 },
      { type: 'hidden', section: 'about' },
      { type: 'tick', at: 3000 },
      { type: 'visible', section: 'about', at: 5000 },
      { type: 'tick', at: 7999 },
    ]);
    expect(state.current).toBeNull();
    expect(promptReducer(state, { type: 'tick', at: 8000 }).current).toBe('about');
  });

  it('shows each section at most once', () => {
    const state = run([
      { type: 'visible', section: 'about', at: 0 },
      { type: 'tick', at: 3000 },
      { type: 'visible', section: 'programs', at: 3500 },
      { type: 'tick', at: 6500 },
      { type: 'hidden', section: 'about' },
      { type: 'hidden', section: 'programs' },
      { type: 'visible', section: 'about', at: 10_000 },
      { type: 'tick', at: 20_000 },
    ]);
    expect(state.current).toBe('programs');
    expect(state.done).toEqual(['about', 'programs']);
    expect(nextDueAt(state)).toBeNull();
  });

  it('does not show anything while the card is open; the section counts again when it comes back', () => {
    const open = run([{ type: 'open' }, { type: 'visible', section: 'community', at: 0 }, { type: 'tick', at: 3000 }]);
    expect(open.current).toBeNull();
    expect(open.dot).toBe(false);
    expect(open.done).toEqual([]);
    expect(nextDueAt(open)).toBeNull();
    const back = run(
      [{ type: 'close' }, { type: 'hidden', section: 'community' }, { type: 'visible', section: 'community', at: 9000 }, { type: 'tick', at: 12_000 }],
      open,
    );
    expect(back.current).toBe('community');
    expect(back.dot).toBe(true);
  });

  it('keeps the dot once a message was shown, and the message, when the card opens and closes', () => {
    const state = run([{ type: 'visible', section: 'contact', at: 0 }, { type: 'tick', at: 3000 }, { type: 'open' }, { type: 'close' }]);
    expect(state.dot).toBe(true);
    expect(state.current).toBe('contact');
    expect(state.open).toBe(false);
  });

  it('returns the same state for events that change nothing', () => {
    const state = initialPromptState();
    expect(promptReducer(state, { type: 'hidden', section: 'about' })).toBe(state);
    expect(promptReducer(state, { type: 'close' })).toBe(state);
    expect(promptReducer(state, { type: 'tick', at: 99 })).toBe(state);
    const seen = promptReducer(state, { type: 'visible', section: 'about', at: 0 });
    expect(promptReducer(seen, { type: 'visible', section: 'about', at: 500 })).toBe(seen);
  });

  it('when several sections come due in one tick, each is used up and the last reached is shown', () => {
    const state = run([
      { type: 'visible', section: 'about', at: 0 },
      { type: 'visible', section: 'programs', at: 100 },
      { type: 'tick', at: 5000 },
    ]);
    expect(state.current).toBe('programs');
    expect(state.done).toEqual(['about', 'programs']);
  });

  it('nextDueAt is the earliest pending section', () => {
    const state = run([
      { type: 'visible', section: 'about', at: 500 },
      { type: 'visible', section: 'programs', at: 100 },
    ]);
    expect(nextDueAt(state)).toBe(3100);
  });
});

describe('visibleShare', () => {
  it('is the visible share of a section smaller than the screen', () => {
    expect(visibleShare({ intersectionRatio: 0.6, intersectionHeight: 300, viewportHeight: 800 })).toBe(0.6);
  });
  it('is the share of the screen a taller section fills', () => {
    expect(visibleShare({ intersectionRatio: 0.3, intersectionHeight: 800, viewportHeight: 800 })).toBe(1);
    expect(visibleShare({ intersectionRatio: 0.1, intersectionHeight: 200, viewportHeight: 800 })).toBe(0.25);
  });
});
