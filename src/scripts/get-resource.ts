/**
 * "Get it free" buttons (links to a mailto: fallback without JavaScript): a click opens the
 * get-resource dialog. The React island loads on first use (or when a button is hovered or
 * focused, to be ready sooner); the click itself goes through the store, so it is not lost.
 */
import { openResource } from '~/stores/get-resource';
import { GET_RESOURCE_DATA_ID, type GetResourceData } from '~/islands/get-resource/types';

export function enhanceGetResource(doc: Document): void {
  const root = doc.querySelector<HTMLElement>('[data-get-resource-root]');
  const dataBlock = doc.getElementById(GET_RESOURCE_DATA_ID);
  if (!root || !dataBlock?.textContent) return;
  let trigger: HTMLElement | null = null;
  let mounting: Promise<void> | null = null;

  const mount = () => {
    mounting ??= import('~/islands/get-resource/mount').then(({ mountGetResourceDialog }) => {
      const data = JSON.parse(dataBlock.textContent ?? '{}') as GetResourceData;
      mountGetResourceDialog(root, data, () => trigger);
    });
    mounting.catch((error: unknown) => {
      console.error('get-resource: dialog failed to load', error);
      mounting = null;
    });
  };

  const buttonOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLElement>('[data-get-resource]') : null;

  doc.addEventListener('click', (event) => {
    const button = buttonOf(event.target);
    const id = button?.dataset.getResource;
    if (!button || !id) return;
    event.preventDefault();
    trigger = button;
    openResource(id);
    mount();
  });
  for (const type of ['pointerover', 'focusin'] as const) {
    doc.addEventListener(type, (event) => buttonOf(event.target) && mount(), { passive: true });
  }
}
