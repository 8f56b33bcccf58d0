/**
 * Native modal <dialog>s, opened by small static scripts before any island hydrates: the
 * browser makes the rest of the page inert, moves focus in and closes on Escape. This adds:
 * focus back to the opener on close and closing on a backdrop click. Islands inside follow the
 * dialog's `open` attribute themselves (src/lib/use-host-element.ts).
 * Closing buttons inside are `<form method="dialog">` buttons, which work without JavaScript.
 */
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();
const enhanced = new WeakSet<HTMLDialogElement>();

function enhance(dialog: HTMLDialogElement): void {
  if (enhanced.has(dialog)) return;
  enhanced.add(dialog);
  // A click on the backdrop lands on the <dialog> itself (its content fills a padded child).
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    const opener = openers.get(dialog);
    openers.delete(dialog);
    const active = document.activeElement;
    const focusLost = !active || active === document.body || dialog.contains(active);
    if (opener && focusLost && opener.isConnected && opener.checkVisibility?.() !== false) opener.focus();
  });
}

/** Opens `dialog` as a modal, remembering `opener` to return focus to. */
export function showDialog(dialog: HTMLDialogElement, opener: Element | null): void {
  enhance(dialog);
  if (dialog.open) return;
  const returnTo = opener instanceof HTMLElement ? opener : document.activeElement;
  if (returnTo instanceof HTMLElement) openers.set(dialog, returnTo);
  dialog.showModal();
}

/** Calls `open(trigger, event)` for clicks on elements matching `selector` (plain left clicks only). */
export function onTriggerClick(selector: string, open: (trigger: HTMLElement, event: MouseEvent) => void): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const trigger = (event.target as Element | null)?.closest<HTMLElement>(selector);
    if (trigger) open(trigger, event);
  });
}

/** Calls `warm()` once the visitor shows intent towards a trigger (hover, focus, touch). */
export function onTriggerIntent(selector: string, warm: () => void): void {
  const handler = (event: Event) => {
    if (!(event.target as Element | null)?.closest?.(selector)) return;
    for (const type of types) document.removeEventListener(type, handler);
    warm();
  };
  const types = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of types) document.addEventListener(type, handler, { passive: true });
}
