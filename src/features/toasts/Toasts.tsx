/**
 * Toasts on the public pages, loaded on first use (`client:on-demand`): shows what page scripts
 * queued on the element this island is placed in (contract.ts), then empties the queue.
 */
import { useEffect, useRef } from 'react';
import type { ToastsCopy } from '~/features/toasts/schema';
import { hostOf } from '~/lib/use-host-element';
import type { ToastMessage, ToastsHostData } from './contract';
import SiteToaster from './SiteToaster';
import { showToast } from './show-toast';

/** Takes what is queued on `host` (and empties the queue). */
export function takeQueuedToasts(host: HTMLElement): ToastMessage[] {
  const data = host.dataset as ToastsHostData;
  if (!data.queue) return [];
  const queued = JSON.parse(data.queue) as ToastMessage[];
  delete data.queue;
  return queued;
}

export default function Toasts(copy: ToastsCopy) {
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = anchor.current ? hostOf(anchor.current, 'parent') : null;
    if (!host) return;
    const show = () => takeQueuedToasts(host).forEach(showToast);
    show();
    const observer = new MutationObserver(show);
    observer.observe(host, { attributes: true, attributeFilter: ['data-queue'] });
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={anchor} className="contents">
      <SiteToaster {...copy} />
    </div>
  );
}
