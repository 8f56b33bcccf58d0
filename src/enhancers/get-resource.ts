/**
 * "Get it free" buttons (links to a mailto: fallback without JavaScript): a tap opens the
 * get-resource dialog. The dialog island hydrates on this first use (or when a button is
 * hovered, focused or touched, to be ready sooner); the request waits in its message queue.
 */
import { onTriggerClick, onTriggerIntent } from '~/enhancers/dialog';
import { requestIsland, sendToIsland } from '~/enhancers/islands';
import type { GetResourceMessage } from '~/stores/get-resource';

const TRIGGER = '[data-get-resource]';

export function enhanceGetResource(): void {
  onTriggerIntent(TRIGGER, () => requestIsland('get-resource'));
  onTriggerClick(TRIGGER, (button, event) => {
    const id = button.dataset.getResource;
    if (!id) return;
    event.preventDefault();
    sendToIsland<GetResourceMessage>('get-resource', { id, opener: button });
    requestIsland('get-resource');
  });
}
