/**
 * Toasts wanted by vanilla scripts. The toast island (sonner) loads on first use, shows what is
 * queued here, and empties the queue.
 */
import { atom } from 'nanostores';

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
