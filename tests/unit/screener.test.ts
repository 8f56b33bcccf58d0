import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  QUESTION_ORDER,
  RECOMMENDATION_KEYS,
  SCREENER_EXPERIENCE,
  SCREENER_GOALS,
  SCREENER_TIMING,
  answerKey,
  nextStep,
  recommend,
  recommendationKey,
  type ScreenerAnswers,
} from '~/features/screener/screener';

const recommendations = JSON.parse(readFileSync(new URL('../../src/content/screener/recommendations.json', import.meta.url), 'utf8')) as {
  id: (typeof RECOMMENDATION_KEYS)[number];
  products: { name: string }[];
}[];

describe('recommendationKey (docs/product.md §5)', () => {
  it('defaults missing answers to goal strength and experience beginner', () => {
    expect(answerKey({})).toBe('strength-beginner');
    expect(recommendationKey({})).toBe('strength-beginner');
    expect(recommendationKey({ experience: 'advanced' })).toBe('strength-advanced');
    expect(recommendationKey({ goal: 'endurance' })).toBe('default');
  });

  it('is goal plus experience', () => {
    expect(answerKey({ goal: 'fat-loss', experience: 'intermediate' })).toBe('fat-loss-intermediate');
  });

  it('has specific lists only for strength with each experience level', () => {
    for (const experience of SCREENER_EXPERIENCE) {
      expect(recommendationKey({ goal: 'strength', experience })).toBe(`strength-${experience}`);
    }
  });

  it('gives every other goal the default, whatever the experience and timing', () => {
    for (const goal of SCREENER_GOALS.filter((g) => g !== 'strength')) {
      for (const experience of SCREENER_EXPERIENCE) {
        for (const timing of SCREENER_TIMING) {
          expect(recommendationKey({ goal, experience, timing })).toBe('default');
        }
      }
    }
  });

  it('ignores the timing answer', () => {
    const base: ScreenerAnswers = { goal: 'strength', experience: 'intermediate' };
    for (const timing of SCREENER_TIMING) expect(recommendationKey({ ...base, timing })).toBe('strength-intermediate');
  });
});

describe('recommend', () => {
  it('returns the default pair (whey protein and pre-workout) for non-strength goals', () => {
    const list = recommend({ goal: 'recovery', experience: 'advanced' }, recommendations);
    expect(list.id).toBe('default');
    expect(list.products.map((p) => p.name)).toEqual(['Whey Protein', 'Pre-Workout']);
  });

  it('returns the specific list for strength', () => {
    expect(recommend({ goal: 'strength', experience: 'advanced' }, recommendations).id).toBe('strength-advanced');
    expect(recommend({}, recommendations).id).toBe('strength-beginner');
  });

  it('falls back to the default list when a specific list is missing from the content', () => {
    const onlyDefault = recommendations.filter((entry) => entry.id === 'default');
    expect(recommend({ goal: 'strength' }, onlyDefault).id).toBe('default');
  });

  it('refuses content without a default list', () => {
    expect(() => recommend({ goal: 'endurance' }, [])).toThrow(/default/);
  });
});

describe('the question flow', () => {
  it('asks goal, experience, timing, then shows the results', () => {
    expect(QUESTION_ORDER).toEqual(['goal', 'experience', 'timing']);
    expect(nextStep(0)).toBe(1);
    expect(nextStep(1)).toBe(2);
    expect(nextStep(2)).toBeNull();
  });
});
