/**
 * The one sonner setup of the site, on the public pages (src/features/toasts/Toasts.tsx) and in the admin
 * dashboard: top centre below the header, rich colours, a close button. Success toasts are neutral-green, failures
 * destructive. Show toasts with showToast (./show-toast.ts).
 */
import { Toaster } from 'sonner';
import type { ToastsCopy } from '~/features/toasts/schema';

export default function SiteToaster({ regionLabel, dismiss }: ToastsCopy) {
  return (
    <Toaster
      position="top-center"
      // Below the fixed header (4rem), so a toast never covers its links.
      offset={{ top: '5rem' }}
      mobileOffset={{ top: '4.75rem' }}
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
