/**
 * Which free resource the get-resource dialog shows (null: closed), and the button that asked
 * for it (focus returns there on close). Static "Get it free" buttons write here before the
 * dialog island has hydrated, so an early tap is not lost.
 */
import { atom } from 'nanostores';

export const $getResource = atom<string | null>(null);
let opener: HTMLElement | null = null;

export const openResource = (id: string, from: HTMLElement | null = null): void => {
  opener = from;
  $getResource.set(id);
};
export const closeResource = (): void => $getResource.set(null);
export const resourceOpener = (): HTMLElement | null => opener;
