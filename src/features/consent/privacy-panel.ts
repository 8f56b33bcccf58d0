/**
 * What both scripts of the privacy choices panel (src/features/consent/PrivacyChoices.astro) do to
 * it: show the parts of a state, and keep room for it at the foot of the page while it shows.
 * Imported by the early script inlined after the panel and by the page script, so it imports
 * nothing that runs on its own.
 */
import type { ConsentState } from './consent';

/**
 * The panel's height while it shows, 0 when hidden: the room the page keeps for it (src/styles/global.css).
 * Set on <html>; not inherited, so a new height restyles the few elements that take it, not the page.
 */
export const PANEL_HEIGHT_PROPERTY = '--privacy-panel-height';

/** Which parts of the panel a state shows (`data-when`). */
export function panelMode(state: ConsentState): 'ask' | 'granted' | 'denied' | 'gpc' {
  if (state.by === 'gpc') return 'gpc';
  return state.ask ? 'ask' : state.ads;
}

export function showPanel(panel: HTMLElement, state: ConsentState): void {
  const mode = panelMode(state);
  for (const part of panel.querySelectorAll<HTMLElement>('[data-when]')) part.hidden = !part.dataset.when!.split(' ').includes(mode);
  panel.hidden = false;
}

/**
 * The page keeps room for the panel while it shows (0 when hidden): measured after layout, before
 * the frame is painted, and again whenever its height changes (a turned phone).
 */
export function keepRoomForPanel(panel: HTMLElement, doc: Document): void {
  new ResizeObserver(() => doc.documentElement.style.setProperty(PANEL_HEIGHT_PROPERTY, `${panel.offsetHeight}px`)).observe(panel);
}
