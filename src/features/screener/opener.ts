/**
 * The supplements screener's static button opens the screener dialog at once; the island inside
 * it hydrates on this first use, or on intent just before it (hover, focus, touch of the button),
 * never while the visitor only scrolls past (React's first evaluation is a long task on a phone).
 */
import { onTriggerClick, onTriggerIntent, showDialog } from '~/enhancers/dialog';
import { wakeIsland } from '~/lib/wake-island';
import { SCREENER_DIALOG } from './ids';

const TRIGGER = '[data-open-screener]';

export function enhanceScreenerTrigger(root: Document): void {
  const wake = () => wakeIsland(root.getElementById(SCREENER_DIALOG.dialog));
  onTriggerIntent(TRIGGER, wake);
  onTriggerClick(TRIGGER, (button, event) => {
    const dialog = root.getElementById(SCREENER_DIALOG.dialog);
    if (!(dialog instanceof HTMLDialogElement)) return;
    event.preventDefault();
    showDialog(dialog, button);
    wake();
  });
}
