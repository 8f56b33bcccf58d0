/** Shows one toast in the page's SiteToaster: the kind picks sonner's success or error toast. */
import { toast } from 'sonner';
import type { ToastMessage } from './contract';

export function showToast({ kind, title, description }: ToastMessage): void {
  if (kind === 'error') toast.error(title, { description });
  else toast.success(title, { description });
}
