/**
 * The supplements screener's content: its questions and recommendations (src/content/screener/)
 * and its dialog's copy (home.json → supplements.screener). The values the answers may take live
 * with the rule (screener.ts), which ships to the browser without zod.
 */
import { z } from 'astro/zod';
import { text, withTokens } from '~/lib/schema-primitives';
import { RECOMMENDATION_KEYS, SCREENER_EXPERIENCE, SCREENER_GOALS, SCREENER_TIMING } from './screener';

const optionsOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.object({ value: z.enum(values), label: text, hint: text.optional() })).min(2, 'needs at least two options');

export const screenerQuestionSchema = z.discriminatedUnion('id', [
  z.object({ id: z.literal('goal'), question: text, options: optionsOf(SCREENER_GOALS) }),
  z.object({ id: z.literal('experience'), question: text, options: optionsOf(SCREENER_EXPERIENCE) }),
  z.object({ id: z.literal('timing'), question: text, options: optionsOf(SCREENER_TIMING) }),
]);
export type ScreenerQuestion = z.infer<typeof screenerQuestionSchema>;

export const recommendationSchema = z.object({
  id: z.enum(RECOMMENDATION_KEYS),
  products: z.array(z.object({ name: text, description: text, benefits: z.array(text).min(1), timing: text })).min(1),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const screenerCopySchema = z.object({
  title: text,
  description: text,
  close: text,
  loading: text,
  progressLabel: text,
  step: withTokens('current', 'total'),
  resultsTitle: text,
  resultsLead: text,
  benefitsLabel: text,
  timingLabel: text,
  preferredTiming: withTokens('timing'),
  codeLine: withTokens('code'),
  retake: text,
  shop: text,
});
export type ScreenerCopy = z.infer<typeof screenerCopySchema>;
