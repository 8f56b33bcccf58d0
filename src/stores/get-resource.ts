/**
 * Which free resource the get-resource dialog shows (null: closed). Static "Get it free"
 * buttons write here before the dialog island has loaded, so an early click is not lost.
 */
import { atom } from 'nanostores';

export const $getResource = atom<string | null>(null);

export const openResource = (id: string): void => $getResource.set(id);
export const closeResource = (): void => $getResource.set(null);
