/**
 * Toasts on the public pages, loaded on first use (`client:on-demand="toasts"`): shows what
 * vanilla scripts queued in src/stores/toasts.ts.
 */
import { useEffect } from 'react';
import type { ToastsCopy } from '~/lib/content-schemas';
import { $toastQueue, takeToasts } from '~/stores/toasts';
import SiteToaster from './toasts/SiteToaster';
import { showToast } from './toasts/show-toast';

export default function Toasts(copy: ToastsCopy) {
  useEffect(() => {
    const show = () => takeToasts().forEach(showToast);
    show();
    return $toastQueue.listen(show);
  }, []);

  return <SiteToaster {...copy} />;
}
