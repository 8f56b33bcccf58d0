/**
 * The typing animation of the About heading as a pure sequence (docs/product.md §4, §9): type a word one
 * character at a time, pause with the whole word shown, delete it one character at a time,
 * then move on to the next word (and round again after the last).
 */
export interface TypingTimings {
  /** Per character typed. */
  typeMs: number;
  /** Per character deleted. */
  deleteMs: number;
  /** With the whole word shown. */
  pauseMs: number;
}

export const TYPING_TIMINGS: TypingTimings = { typeMs: 80, deleteMs: 40, pauseMs: 2500 };

export interface TypingState {
  word: number;
  /** Characters of the word shown. */
  length: number;
  phase: 'typing' | 'deleting';
}

export interface TypingStep {
  state: TypingState;
  /** What to show after this step. */
  text: string;
  /** How long to wait before the next step. */
  delayMs: number;
}

/** The state before anything is typed: the first word, empty. */
export const initialTypingState = (): TypingState => ({ word: 0, length: 0, phase: 'typing' });

/**
 * One step from `state`. Typing adds a character and waits `typeMs` (or `pauseMs` once the word
 * is complete, then turns to deleting); deleting removes one and waits `deleteMs` (when the word
 * is gone, it moves on to the next word).
 */
export function typingStep(state: TypingState, words: readonly string[], timings: TypingTimings = TYPING_TIMINGS): TypingStep {
  if (words.length === 0) throw new RangeError('typing: needs at least one word');
  const word = words[state.word % words.length] ?? '';
  if (state.phase === 'typing') {
    const length = Math.min(word.length, state.length + 1);
    if (length >= word.length) {
      return { state: { word: state.word, length, phase: 'deleting' }, text: word, delayMs: timings.pauseMs };
    }
    return { state: { word: state.word, length, phase: 'typing' }, text: word.slice(0, length), delayMs: timings.typeMs };
  }
  const length = Math.max(0, state.length - 1);
  if (length === 0) {
    const next = (state.word + 1) % words.length;
    return { state: { word: next, length: 0, phase: 'typing' }, text: '', delayMs: timings.deleteMs };
  }
  return { state: { word: state.word, length, phase: 'deleting' }, text: word.slice(0, length), delayMs: timings.deleteMs };
}

/** The first `count` steps from the start (for tests and previews). */
export function typingSequence(words: readonly string[], count: number, timings: TypingTimings = TYPING_TIMINGS): TypingStep[] {
  const steps: TypingStep[] = [];
  let state = initialTypingState();
  for (let i = 0; i < count; i++) {
    const step = typingStep(state, words, timings);
    steps.push(step);
    state = step.state;
  }
  return steps;
}

/** Visible share of the heading above which the animation runs (strictly more than half). */
export const TYPING_VISIBLE_RATIO = 0.5;
