/**
 * "Get it free" buttons (links to a mailto: fallback without JavaScript): a tap opens the
 * get-resource dialog at once, with its title, and asks for the resource on the dialog
 * (`data-resource`, contract.ts). The island inside hydrates on this first use (or when a button
 * is hovered, focused or touched, to be ready sooner) and reads the request from the dialog.
 */
import { onTriggerClick, onTriggerIntent, showDialog } from '~/enhancers/dialog';
import { wakeIsland } from '~/lib/wake-island';
import type { GetResourceDialogData } from './contract';
import { GET_RESOURCE_DIALOG } from './ids';

const TRIGGER = '[data-get-resource]';

export function enhanceGetResource(): void {
  const dialog = () => document.getElementById(GET_RESOURCE_DIALOG.dialog);
  onTriggerIntent(TRIGGER, () => wakeIsland(dialog()));
  onTriggerClick(TRIGGER, (button, event) => {
    const id = button.dataset.getResource;
    const element = dialog();
    if (!id || !(element instanceof HTMLDialogElement)) return;
    event.preventDefault();
    const request: GetResourceDialogData = { resource: id, openedAt: String(performance.now()) };
    Object.assign(element.dataset, request);
    // The dialog's title is static HTML: the page writes the resource's at each opening.
    const title = document.getElementById(GET_RESOURCE_DIALOG.title);
    if (title && button.dataset.dialogTitle) title.textContent = button.dataset.dialogTitle;
    showDialog(element, button);
    wakeIsland(element);
  });
}
