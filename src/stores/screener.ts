/** The supplements screener dialog: opened by a static button, rendered by its island. */
import { atom } from 'nanostores';
import { onPageMessage } from '~/islands/page-messages';

/** What the page's opener tells the island (src/enhancers/screener-opener.ts). */
export interface ScreenerMessage {
  open: boolean;
}

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

onPageMessage<ScreenerMessage>('screener', (message) => (message.open ? openScreener() : closeScreener()));
