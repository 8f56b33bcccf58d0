/** The supplements screener dialog: opened by a static button, rendered by its island. */
import { atom } from 'nanostores';

/** Counts openings; 0 = never opened. The island resets its answers on every close. */
export const $screenerOpens = atom(0);
export const $screenerOpen = atom(false);

export function openScreener(): void {
  $screenerOpens.set($screenerOpens.get() + 1);
  $screenerOpen.set(true);
}

export function closeScreener(): void {
  $screenerOpen.set(false);
}
