import type { GetResourceDialogCopy } from '~/features/get-resource/schema';
import type { Resource } from '~/lib/content-schemas';
import type { LeadFormEmbeds } from './lead-form';

/** What the get-resource dialog island is given by the page. */
export interface GetResourceData {
  copy: GetResourceDialogCopy;
  embeds: LeadFormEmbeds;
  resources: Record<string, Pick<Resource, 'title' | 'formId'>>;
  /** The e-mail way, as the "Get it free" buttons' link without JavaScript (src/lib/resources.ts). */
  request: { contactEmail: string; cta: string };
}
