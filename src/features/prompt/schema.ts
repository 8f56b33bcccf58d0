/**
 * The floating prompt: its message per home page section (prompts.json) and its card's buttons
 * and default greeting (home.json → prompt).
 */
import { z } from 'astro/zod';
import { SECTION_IDS, text } from '~/lib/schema-primitives';

export const promptSchema = z.object({
  id: z.enum(SECTION_IDS),
  title: text,
  message: text,
  cta: text,
});
export type SectionPrompt = z.infer<typeof promptSchema>;

export const promptCopySchema = z.object({
  open: text,
  openWithMessage: text,
  close: text,
  title: text,
  message: text,
  cta: text,
});
export type PromptCopy = z.infer<typeof promptCopySchema>;
