// @vitest-environment jsdom
/** The public toasts island: what page scripts sent, shown as sonner toasts of the right kind. */
import { act, createElement } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import Toasts from '~/features/toasts/Toasts';
import { TOASTS_HOST_ID } from '~/features/toasts/ids';
// What a page script does (src/enhancers/copy-code.ts): the message is queued on the island's element.
import { queueToast } from '~/features/toasts/queue-toast';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() }, Toaster: () => null }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;

beforeEach(() => {
  // As on the page: the island's element inside the element it is placed in.
  host = document.body.appendChild(document.createElement('div'));
  host.id = TOASTS_HOST_ID;
  root = createRoot(host.appendChild(document.createElement('astro-island')));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.clearAllMocks();
});

it('shows what was queued before it loaded, then what is queued later, and empties the queue', async () => {
  queueToast({ kind: 'success', title: 'Code copied!', description: 'KAYLA was copied' });
  await act(async () => root.render(createElement(Toasts, { regionLabel: 'Notifications', dismiss: 'Dismiss' })));
  expect(toast.success).toHaveBeenCalledWith('Code copied!', { description: 'KAYLA was copied' });
  expect(host.dataset.queue).toBeUndefined();

  await act(async () => queueToast({ kind: 'error', title: 'Failed to copy', description: 'Please copy the code manually' }));
  expect(toast.error).toHaveBeenCalledWith('Failed to copy', { description: 'Please copy the code manually' });
  expect(toast.success).toHaveBeenCalledTimes(1);
  expect(host.dataset.queue).toBeUndefined();
});
