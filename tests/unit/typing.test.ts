import { describe, expect, it } from 'vitest';
import { TYPING_TIMINGS, initialTypingState, typingSequence, typingStep } from '~/lib/typing';

const words = ['Business Women', 'Moms', 'Military Members'];

describe('typing sequence (type 80 ms, delete 40 ms, pause 2500 ms)', () => {
  it('uses the product’s timings (80, 40, 2500 ms)', () => {
    expect(TYPING_TIMINGS).toEqual({ typeMs: 80, deleteMs: 40, pauseMs: 2500 });
  });

  it('types a word one character at a time, 80 ms apart', () => {
    const steps = typingSequence(['Moms'], 3);
    expect(steps.map((s) => s.text)).toEqual(['M', 'Mo', 'Mom']);
    expect(steps.map((s) => s.delayMs)).toEqual([80, 80, 80]);
  });

  it('pauses 2500 ms on the whole word, then deletes 40 ms apart', () => {
    const steps = typingSequence(['Moms'], 8);
    expect(steps[3]).toMatchObject({ text: 'Moms', delayMs: 2500 });
    expect(steps.slice(4).map((s) => [s.text, s.delayMs])).toEqual([
      ['Mom', 40],
      ['Mo', 40],
      ['M', 40],
      ['', 40],
    ]);
  });

  it('moves on to the next word and round again after the last', () => {
    const all = typingSequence(words, 200).map((s) => s.text);
    const full = all.filter((text) => words.includes(text));
    expect(full.slice(0, 4)).toEqual(['Business Women', 'Moms', 'Military Members', 'Business Women']);
  });

  it('one full cycle of a word takes its typing, the pause and its deleting', () => {
    const steps = typingSequence(['Moms'], 8);
    const total = steps.reduce((sum, step) => sum + step.delayMs, 0);
    expect(total).toBe(3 * 80 + 2500 + 4 * 40);
  });

  it('starts empty on the first word', () => {
    expect(initialTypingState()).toEqual({ word: 0, length: 0, phase: 'typing' });
  });

  it('handles a one-letter word and a single word', () => {
    const steps = typingSequence(['A'], 4);
    expect(steps.map((s) => [s.text, s.delayMs])).toEqual([
      ['A', 2500],
      ['', 40],
      ['A', 2500],
      ['', 40],
    ]);
  });

  it('refuses an empty list', () => {
    expect(() => typingStep(initialTypingState(), [])).toThrow(RangeError);
  });
});
