/**
 * The floating prompt: what the framework-free watcher (src/enhancers/floating-prompt.ts) has
 * decided, read by the card island (src/islands/PromptCard.tsx) once the visitor opens it.
 */
import { atom } from 'nanostores';

export interface PromptView {
  open: boolean;
  /** The section whose message is the prompt, or null for the default greeting. */
  section: string | null;
}

export const $prompt = atom<PromptView>({ open: false, section: null });
