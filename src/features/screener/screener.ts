/**
 * The supplements screener rule (docs/product.md §5): which recommendation list a visitor's answers get.
 *
 * - Missing answers default to goal `strength` and experience `beginner`.
 * - The key is `<goal>-<experience>`.
 * - Only strength with beginner, intermediate or advanced has its own list; every other key
 *   gets the default pair (whey protein and pre-workout).
 */
export const SCREENER_GOALS = ['strength', 'endurance', 'fat-loss', 'recovery'] as const;
export const SCREENER_EXPERIENCE = ['beginner', 'intermediate', 'advanced'] as const;
export const SCREENER_TIMING = ['pre-workout', 'post-workout', 'throughout-day', 'flexible'] as const;
export const RECOMMENDATION_KEYS = ['strength-beginner', 'strength-intermediate', 'strength-advanced', 'default'] as const;

export type ScreenerGoal = (typeof SCREENER_GOALS)[number];
export type ScreenerExperience = (typeof SCREENER_EXPERIENCE)[number];
export type ScreenerTiming = (typeof SCREENER_TIMING)[number];
export type RecommendationKey = (typeof RECOMMENDATION_KEYS)[number];
export type QuestionId = 'goal' | 'experience' | 'timing';

export interface ScreenerAnswers {
  goal?: ScreenerGoal | undefined;
  experience?: ScreenerExperience | undefined;
  timing?: ScreenerTiming | undefined;
}

/** The order the questions are asked in (one at a time). */
export const QUESTION_ORDER: readonly QuestionId[] = ['goal', 'experience', 'timing'];

export const DEFAULT_GOAL: ScreenerGoal = 'strength';
export const DEFAULT_EXPERIENCE: ScreenerExperience = 'beginner';

const SPECIFIC_KEYS: ReadonlySet<string> = new Set(RECOMMENDATION_KEYS.filter((key) => key !== 'default'));

/** The raw key of the answers, defaults applied: `<goal>-<experience>`. */
export function answerKey(answers: ScreenerAnswers): string {
  return `${answers.goal ?? DEFAULT_GOAL}-${answers.experience ?? DEFAULT_EXPERIENCE}`;
}

/** The recommendation list to show: a specific strength list, or `default`. */
export function recommendationKey(answers: ScreenerAnswers): RecommendationKey {
  const key = answerKey(answers);
  return SPECIFIC_KEYS.has(key) ? (key as RecommendationKey) : 'default';
}

/** Picks the products for the answers from the content's recommendation lists. */
export function recommend<T extends { id: RecommendationKey }>(answers: ScreenerAnswers, lists: readonly T[]): T {
  const wanted = recommendationKey(answers);
  const list = lists.find((entry) => entry.id === wanted) ?? lists.find((entry) => entry.id === 'default');
  if (!list) throw new Error('screener: the recommendations have no "default" list');
  return list;
}

/** After answering question `index` (0-based): the next question index, or null for the results. */
export function nextStep(index: number): number | null {
  return index + 1 < QUESTION_ORDER.length ? index + 1 : null;
}
