import type { GetResourceDialogCopy, Resource, Settings } from '~/lib/content-schemas';

/** What the get-resource dialog island is given by the page. */
export interface GetResourceData {
  copy: GetResourceDialogCopy;
  embeds: Pick<Settings['embeds'], 'leadFormHost' | 'formEmbedScript'>;
  resources: Record<string, Pick<Resource, 'title' | 'formId'>>;
}
