/**
 * Toasts wanted by page scripts (src/enhancers/copy-code.ts sends them). The toast island
 * (sonner) loads on first use, shows what was queued, and empties the queue.
 */
import { atom } from 'nanostores';
import { onPageMessage } from '~/islands/page-messages';

export interface ToastMessage {
  kind: 'success' | 'error';
  title: string;
  description: string;
}

export const $toastQueue = atom<readonly ToastMessage[]>([]);

export function queueToast(message: ToastMessage): void {
  $toastQueue.set([...$toastQueue.get(), message]);
}

/** Takes everything queued (the island calls this). */
export function takeToasts(): readonly ToastMessage[] {
  const queued = $toastQueue.get();
  if (queued.length > 0) $toastQueue.set([]);
  return queued;
}

onPageMessage<ToastMessage>('toasts', queueToast);
