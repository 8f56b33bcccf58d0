/**
 * The supplements screener's static button opens the screener dialog at once; the island
 * hydrates when the section comes into view (or on this first use) and renders the questions.
 */
import { onTriggerClick, showDialog } from '~/enhancers/dialog';
import { requestIsland, sendToIsland } from '~/enhancers/islands';
import type { ScreenerMessage } from '~/stores/screener';

export const SCREENER_DIALOG_ID = 'screener-dialog';
const TRIGGER = '[data-open-screener]';

export function enhanceScreenerTrigger(root: Document): void {
  const trigger = root.querySelector(TRIGGER);
  if (trigger && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      requestIsland('screener');
    });
    observer.observe(trigger);
  }
  onTriggerClick(TRIGGER, (button, event) => {
    const dialog = root.getElementById(SCREENER_DIALOG_ID);
    if (!(dialog instanceof HTMLDialogElement)) return;
    event.preventDefault();
    sendToIsland<ScreenerMessage>('screener', { open: true });
    showDialog(dialog, button, () => sendToIsland<ScreenerMessage>('screener', { open: false }));
    requestIsland('screener');
  });
}
