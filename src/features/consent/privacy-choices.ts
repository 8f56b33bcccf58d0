/**
 * The privacy choices panel (src/features/consent/PrivacyChoices.astro): asks on a first visit
 * under the opt-in policy, opens from any `[data-open-privacy-choices]` link (the footer's), and
 * records the visitor's choice. The links work without this script: they lead to the privacy
 * policy's choices section.
 */
import { onTriggerClick } from '~/enhancers/dialog';
import { PRIVACY_CHOICES_ID, readConsent, saveChoice } from '~/features/consent/page-consent';
import type { ConsentState } from '~/features/consent/consent';

export const OPEN_PRIVACY_CHOICES = '[data-open-privacy-choices]';
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

export function enhancePrivacyChoices(doc: Document): void {
  const panel = doc.getElementById(PRIVACY_CHOICES_ID);
  if (!panel) return;
  let opener: HTMLElement | null = null;

  const show = (state: ConsentState, focus: boolean) => {
    const mode = panelMode(state);
    for (const part of panel.querySelectorAll<HTMLElement>('[data-when]')) part.hidden = !part.dataset.when!.split(' ').includes(mode);
    panel.hidden = false;
    if (focus) panel.focus();
  };
  const hide = () => {
    const hadFocus = panel.contains(doc.activeElement);
    panel.hidden = true;
    if (hadFocus && opener?.isConnected) opener.focus();
    opener = null;
  };

  onTriggerClick(OPEN_PRIVACY_CHOICES, (trigger, event) => {
    event.preventDefault();
    opener = trigger;
    show(readConsent(doc), true);
  });
  panel.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button');
    const choice = button?.dataset.choice;
    if (choice === 'granted' || choice === 'denied') {
      saveChoice(choice, doc);
      hide();
    } else if (button?.hasAttribute('data-close-privacy-choices')) hide();
  });
  panel.addEventListener('keydown', (event) => {
    // Before a first answer the question stays; afterwards Escape closes like the close button.
    if (event.key === 'Escape' && !readConsent(doc).ask) hide();
  });
  // The page keeps room for the panel while it shows (0 when hidden): measured after layout,
  // before the frame is painted, and again whenever its height changes (a turned phone).
  new ResizeObserver(() => doc.documentElement.style.setProperty(PANEL_HEIGHT_PROPERTY, `${panel.offsetHeight}px`)).observe(panel);
  // Asked in the first frame, with the page: shown a frame later, its text would become the
  // page's largest paint, one frame late. Pages that measure no ads do not ask.
  const state = readConsent(doc);
  if (state.ask && panel.hasAttribute('data-ask')) show(state, false);
}
