/**
 * Toasts (sonner), loaded on first use (`client:on-demand="toasts"`): shows what vanilla scripts
 * queued in src/stores/toasts.ts. Success toasts are neutral-green, failures destructive.
 */
import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import type { ToastsCopy } from '~/lib/content-schemas';
import { $toastQueue, takeToasts } from '~/stores/toasts';

export default function Toasts({ regionLabel, dismiss }: ToastsCopy) {
  useEffect(() => {
    const show = () => {
      for (const message of takeToasts()) {
        const options = { description: message.description };
        if (message.kind === 'error') toast.error(message.title, options);
        else toast.success(message.title, options);
      }
    };
    show();
    return $toastQueue.listen(show);
  }, []);

  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={regionLabel}
      toastOptions={{
        closeButtonAriaLabel: dismiss,
        classNames: {
          toast: '!font-sans !rounded-xl !shadow-lg',
          title: '!font-display !text-base !font-bold',
          description: '!text-sm !opacity-100',
          success: '!border-success/30 !bg-success-soft !text-success',
          error: '!border-destructive/30 !bg-destructive-soft !text-destructive',
          // WCAG 2.5.8: at least 24 × 24 px.
          closeButton: '!h-6 !w-6',
        },
      }}
    />
  );
}
