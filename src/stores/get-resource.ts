/**
 * Which free resource the get-resource dialog shows (null: closed), and the button that asked
 * for it (focus returns there on close). Static "Get it free" buttons send their request
 * (src/enhancers/get-resource.ts) before the dialog island has hydrated; it waits in the queue,
 * so an early tap is not lost.
 */
import { atom } from 'nanostores';
import { onPageMessage } from '~/islands/page-messages';

export interface GetResourceMessage {
  id: string;
  opener: HTMLElement | null;
}

export const $getResource = atom<string | null>(null);
let opener: HTMLElement | null = null;

export const openResource = (id: string, from: HTMLElement | null = null): void => {
  opener = from;
  $getResource.set(id);
};
export const closeResource = (): void => $getResource.set(null);
export const resourceOpener = (): HTMLElement | null => opener;

onPageMessage<GetResourceMessage>('get-resource', (message) => openResource(message.id, message.opener));
