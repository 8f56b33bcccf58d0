/**
 * What the watcher (watcher.ts, the page's script) and the card island (PromptCard.tsx) share: the
 * `data-*` fields of the floating prompt's container, the card's host. The watcher writes both;
 * the card writes `open: 'false'` when it closes itself (close or action button, Escape), which
 * the watcher follows. Types only: the page script and the island share no module at run time.
 */
export interface PromptHostData {
  open?: 'true' | 'false';
  /** The section whose message is the prompt; empty for the default greeting. */
  section?: string;
}
