/**
 * The floating prompt's scheduler (docs/product.md §4, §9) as a pure reducer: once a section has been more
 * than half visible for 3000 ms, its message becomes the prompt and the red dot appears. Each
 * section at most once; never while the card is open (a section that comes due while the card
 * is open is skipped until it leaves the screen and comes back).
 *
 * The browser side (src/features/prompt/watcher.ts) feeds it visibility changes, card
 * open/close and timer ticks, and sets a timer for `nextDueAt`.
 */
export const PROMPT_DELAY_MS = 3000;
/** Visible share above which a section counts as seen (strictly more than half). */
export const PROMPT_VISIBLE_RATIO = 0.5;

/**
 * How visible a section is, for the "more than 50 % visible" rule: the share of the section that
 * is on screen, or, for sections taller than the screen (which can never be half on screen),
 * the share of the screen they fill.
 */
export function visibleShare(entry: { intersectionRatio: number; intersectionHeight: number; viewportHeight: number }): number {
  const ofViewport = entry.viewportHeight > 0 ? entry.intersectionHeight / entry.viewportHeight : 0;
  return Math.max(entry.intersectionRatio, ofViewport);
}

/** IntersectionObserver thresholds fine enough to notice the share crossing 50 %. */
export const PROMPT_THRESHOLDS: readonly number[] = Array.from({ length: 21 }, (_, index) => index / 20);

export interface PromptState {
  /** Section id → since when (ms) it has been more than half visible. */
  visibleSince: Readonly<Record<string, number>>;
  /** Sections whose message has been shown (or skipped while the card was open). */
  done: readonly string[];
  /** The section whose message is the prompt now, or null for the default message. */
  current: string | null;
  /** The red dot: a section message has been shown. */
  dot: boolean;
  open: boolean;
}

export type PromptEvent =
  { type: 'visible'; section: string; at: number } | { type: 'hidden'; section: string } | { type: 'tick'; at: number } | { type: 'open' } | { type: 'close' };

export const initialPromptState = (): PromptState => ({ visibleSince: {}, done: [], current: null, dot: false, open: false });

export function promptReducer(state: PromptState, event: PromptEvent, delayMs = PROMPT_DELAY_MS): PromptState {
  switch (event.type) {
    case 'visible': {
      if (state.done.includes(event.section) || event.section in state.visibleSince) return state;
      return { ...state, visibleSince: { ...state.visibleSince, [event.section]: event.at } };
    }
    case 'hidden': {
      if (!(event.section in state.visibleSince)) return state;
      const { [event.section]: _gone, ...rest } = state.visibleSince;
      return { ...state, visibleSince: rest };
    }
    case 'open':
      return state.open ? state : { ...state, open: true };
    case 'close':
      return state.open ? { ...state, open: false } : state;
    case 'tick': {
      const due = Object.entries(state.visibleSince)
        .filter(([section, since]) => !state.done.includes(section) && event.at - since >= delayMs)
        .sort((a, b) => a[1] - b[1]);
      if (due.length === 0) return state;
      const visibleSince = { ...state.visibleSince };
      for (const [section] of due) delete visibleSince[section];
      const done = [...state.done, ...due.map(([section]) => section)];
      if (state.open) {
        // Not while the card is open: these sections are skipped until they come back into view.
        return { ...state, visibleSince, done: state.done };
      }
      // Usually one section comes due per tick. If several do (a late timer), each has had its
      // turn, as separate timers would have, and the one reached last is the message shown.
      const winner = due[due.length - 1]?.[0] ?? null;
      return { ...state, visibleSince, done, current: winner, dot: true };
    }
  }
}

/** When the next section comes due (ms), or null when none is being watched. */
export function nextDueAt(state: PromptState, delayMs = PROMPT_DELAY_MS): number | null {
  const times = Object.entries(state.visibleSince)
    .filter(([section]) => !state.done.includes(section))
    .map(([, since]) => since + delayMs);
  return times.length === 0 ? null : Math.min(...times);
}
