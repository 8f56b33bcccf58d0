/**
 * The partner discount code's copy button. After a successful copy a success toast says so and
 * the button becomes the partner store's Shop link (focus moves to it); when copying fails, a
 * destructive toast asks to copy the code by hand. The toasts come from an island that loads
 * on this first use (src/features/toasts/Toasts.tsx).
 */
import { queueToast, warmToasts } from '~/features/toasts/queue-toast';

/**
 * Writes `text` to the clipboard with the Clipboard API (every browser has it on an https page,
 * inside the tap's user gesture). Where it is missing or refuses, this rejects, and the visitor is
 * asked to copy the code by hand: the legacy copy command it once fell back to is deprecated.
 */
export async function copyText(text: string, doc: Document = document): Promise<void> {
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (!clipboard?.writeText) throw new Error('this browser offers no clipboard to this page');
  await clipboard.writeText(text);
}

export function enhanceCopyCode(root: Document): void {
  for (const card of root.querySelectorAll<HTMLElement>('[data-copy-code]')) {
    const button = card.querySelector<HTMLButtonElement>('[data-copy-button]');
    const shop = card.querySelector<HTMLAnchorElement>('[data-shop-link]');
    const { copyCode, copiedTitle, copiedDescription, failedTitle, failedDescription } = card.dataset;
    if (!button || !copyCode) continue;
    // Warm the toast island up on intent, so the toast is there right after the click.
    const warm = () => warmToasts(root);
    button.addEventListener('pointerover', warm, { once: true, passive: true });
    button.addEventListener('focus', warm, { once: true });
    button.addEventListener('click', async () => {
      try {
        await copyText(copyCode, root);
        queueToast({ kind: 'success', title: copiedTitle ?? '', description: copiedDescription ?? '' }, root);
        if (shop) {
          shop.hidden = false;
          button.hidden = true;
          shop.focus();
        }
      } catch (error) {
        console.warn('copy code: the clipboard refused', error);
        queueToast({ kind: 'error', title: failedTitle ?? '', description: failedDescription ?? '' }, root);
      }
    });
  }
}
