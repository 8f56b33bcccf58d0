/**
 * "Get it free" buttons (links to a mailto: fallback without JavaScript): a tap opens the
 * get-resource dialog. The store takes the request at once and the dialog island hydrates on
 * this first use (or when a button is hovered, focused or touched, to be ready sooner).
 */
import { onTriggerClick, onTriggerIntent } from '~/enhancers/dialog';
import { requestIsland } from '~/enhancers/islands';
import { openResource } from '~/stores/get-resource';

const TRIGGER = '[data-get-resource]';

export function enhanceGetResource(): void {
  onTriggerIntent(TRIGGER, () => requestIsland('get-resource'));
  onTriggerClick(TRIGGER, (button, event) => {
    const id = button.dataset.getResource;
    if (!id) return;
    event.preventDefault();
    openResource(id, button);
    requestIsland('get-resource');
  });
}
