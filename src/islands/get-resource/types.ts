/** The data the get-resource dialog reads from the page (a JSON data block). */
export interface GetResourceData {
  copy: { title: string; description: string; loading: string; close: string; formTitle: string };
  embeds: { leadFormHost: string; formEmbedScript: string };
  resources: Record<string, { title: string; formId: string }>;
}

export const GET_RESOURCE_DATA_ID = 'get-resource-data';
