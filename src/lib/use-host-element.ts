/**
 * Island side of the DOM contract between page scripts and islands: the state a page script left
 * on the element that hosts the island (its <dialog>, the prompt's card): whether it is open, how
 * many times it has been opened on this page, and its `data-*` request. The first render matches
 * the server's (closed, nothing asked); after hydration the element is read, then followed with a
 * MutationObserver. A request made before hydration is therefore never lost: it is in the DOM.
 */
import { type RefObject, useEffect, useState } from 'react';

export interface HostState {
  open: boolean;
  /** How many times the host has opened (0: never, so nothing needs loading yet). */
  opens: number;
  /** The host's `data-*` attributes, as `dataset` names them. */
  data: Readonly<Record<string, string>>;
}

export const CLOSED_HOST: HostState = { open: false, opens: 0, data: {} };

/** A <dialog> is open with its `open` attribute; any other host with `data-open="true"`. */
export function isHostOpen(host: Element): boolean {
  return host.tagName === 'DIALOG' ? host.hasAttribute('open') : host.getAttribute('data-open') === 'true';
}

/** The host's state now, counting an opening since `previous`. */
export function readHost(host: HTMLElement, previous: HostState): HostState {
  const open = isHostOpen(host);
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(host.dataset)) if (value !== undefined) data[key] = value;
  return { open, opens: open && !previous.open ? previous.opens + 1 : previous.opens, data };
}

/**
 * The host of the island whose root element is `anchor`: its <dialog> ('dialog'), or the element
 * the island is placed in ('parent').
 */
export function hostOf(anchor: Element, host: 'dialog' | 'parent'): HTMLElement | null {
  if (host === 'dialog') return anchor.closest('dialog');
  return anchor.closest('astro-island')?.parentElement ?? null;
}

/** Follows the island's host (see hostOf); `anchor` is the island's own root element. */
export function useHostElement(anchor: RefObject<Element | null>, kind: 'dialog' | 'parent'): HostState {
  const [state, setState] = useState<HostState>(CLOSED_HOST);
  useEffect(() => {
    const host = anchor.current ? hostOf(anchor.current, kind) : null;
    if (!host) return;
    const update = () => setState((previous) => readHost(host, previous));
    update();
    const observer = new MutationObserver(update);
    observer.observe(host, { attributes: true });
    return () => observer.disconnect();
  }, [anchor, kind]);
  return state;
}
