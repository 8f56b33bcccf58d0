/**
 * The floating prompt card's view: what the framework-free watcher (src/enhancers/floating-prompt.ts)
 * has decided, read by the card island (src/islands/PromptCard.tsx). The card closing itself
 * tells the watcher with a DOM event on the round button (PROMPT_CLOSE_EVENT).
 */
import { atom } from 'nanostores';
import { onPageMessage } from '~/islands/page-messages';

export interface PromptView {
  open: boolean;
  /** The section whose message is the prompt, or null for the default greeting. */
  section: string | null;
}

/** Dispatched on the round button when the card closes itself (close or action button, Escape). */
export const PROMPT_CLOSE_EVENT = 'prompt-card-close';

export const $prompt = atom<PromptView>({ open: false, section: null });

onPageMessage<PromptView>('prompt', (view) => $prompt.set(view));
