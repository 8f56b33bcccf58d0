/** Hydrates the get-resource dialog into its root (loaded on the first "Get it free"). */
import { createRoot } from 'react-dom/client';
import GetResourceDialog from './GetResourceDialog';
import type { GetResourceData } from './types';

export function mountGetResourceDialog(root: HTMLElement, data: GetResourceData, returnFocus: () => HTMLElement | null): void {
  createRoot(root).render(<GetResourceDialog {...data} returnFocus={returnFocus} />);
}
