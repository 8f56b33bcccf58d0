/** What the get-resource dialog island is given by the page. */
export interface GetResourceData {
  copy: { title: string; description: string; loading: string; close: string; formTitle: string };
  embeds: { leadFormHost: string; formEmbedScript: string };
  resources: Record<string, { title: string; formId: string }>;
}
