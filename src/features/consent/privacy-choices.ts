/**
 * The privacy choices panel (src/features/consent/PrivacyChoices.astro) once the page is parsed:
 * opens from any `[data-open-privacy-choices]` link (the footer's) and records the visitor's
 * choice. Asking on a first visit is done before the first paint (./privacy-choices-early.ts). The
 * links work without this script: they lead to the privacy policy's choices section.
 */
import { onTriggerClick } from '~/enhancers/dialog';
import { PRIVACY_CHOICES_ID, readConsent, saveChoice } from '~/features/consent/page-consent';
import { showPanel } from '~/features/consent/privacy-panel';

export const OPEN_PRIVACY_CHOICES = '[data-open-privacy-choices]';

export function enhancePrivacyChoices(doc: Document): void {
  const panel = doc.getElementById(PRIVACY_CHOICES_ID);
  if (!panel) return;
  let opener: HTMLElement | null = null;

  const hide = () => {
    const hadFocus = panel.contains(doc.activeElement);
    panel.hidden = true;
    if (hadFocus && opener?.isConnected) opener.focus();
    opener = null;
  };

  onTriggerClick(OPEN_PRIVACY_CHOICES, (trigger, event) => {
    event.preventDefault();
    opener = trigger;
    showPanel(panel, readConsent(doc));
    panel.focus();
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
}
