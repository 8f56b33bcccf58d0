/**
 * The supplements screener's static button opens the screener dialog at once; the island inside
 * it hydrates when the section comes into view (or on this first use) and renders the questions.
 */
import { onTriggerClick, showDialog } from '~/enhancers/dialog';
import { wakeIsland } from '~/lib/wake-island';
import { SCREENER_DIALOG } from './ids';

const TRIGGER = '[data-open-screener]';

export function enhanceScreenerTrigger(root: Document): void {
  const trigger = root.querySelector(TRIGGER);
  const wake = () => wakeIsland(root.getElementById(SCREENER_DIALOG.dialog));
  if (trigger && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      wake();
    });
    observer.observe(trigger);
  }
  onTriggerClick(TRIGGER, (button, event) => {
    const dialog = root.getElementById(SCREENER_DIALOG.dialog);
    if (!(dialog instanceof HTMLDialogElement)) return;
    event.preventDefault();
    showDialog(dialog, button);
    wake();
  });
}
