// @vitest-environment jsdom
/** The public toasts island: what page scripts sent, shown as sonner toasts of the right kind. */
import { act, createElement } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import Toasts from '~/islands/Toasts';
import { sendToIsland } from '~/enhancers/islands';
import { $toastQueue, type ToastMessage } from '~/stores/toasts';

// What a page script does (src/enhancers/copy-code.ts): the message reaches the island's store through window.
const queueToast = (message: ToastMessage) => sendToIsland('toasts', message);

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() }, Toaster: () => null }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;

beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  $toastQueue.set([]);
  vi.clearAllMocks();
});

it('shows what was queued before it loaded, then what is queued later, and empties the queue', async () => {
  queueToast({ kind: 'success', title: 'Code copied!', description: 'KAYLA was copied' });
  await act(async () => root.render(createElement(Toasts, { regionLabel: 'Notifications', dismiss: 'Dismiss' })));
  expect(toast.success).toHaveBeenCalledWith('Code copied!', { description: 'KAYLA was copied' });
  expect($toastQueue.get()).toEqual([]);

  await act(async () => queueToast({ kind: 'error', title: 'Failed to copy', description: 'Please copy the code manually' }));
  expect(toast.error).toHaveBeenCalledWith('Failed to copy', { description: 'Please copy the code manually' });
  expect(toast.success).toHaveBeenCalledTimes(1);
  expect($toastQueue.get()).toEqual([]);
});
