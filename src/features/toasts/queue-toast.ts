/** Page side of contract.ts: queues a toast on the toast island's element and wakes the island. */
import { wakeIsland } from '~/lib/wake-island';
import type { ToastMessage, ToastsHostData } from './contract';
import { TOASTS_HOST_ID } from './ids';

export function queueToast(message: ToastMessage, doc: Document = document): void {
  const host = doc.getElementById(TOASTS_HOST_ID);
  if (!host) return;
  const data = host.dataset as ToastsHostData;
  const queued = data.queue ? (JSON.parse(data.queue) as ToastMessage[]) : [];
  data.queue = JSON.stringify([...queued, message]);
  wakeIsland(host);
}

/** Hydrates the toast island ahead of a toast (on intent). */
export function warmToasts(doc: Document = document): void {
  wakeIsland(doc.getElementById(TOASTS_HOST_ID));
}
