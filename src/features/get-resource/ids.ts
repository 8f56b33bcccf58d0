/**
 * The get-resource dialog's element ids: given to the island by FreeResources.astro (the island
 * imports nothing the page script imports), and the dialog found by the opener.
 */
import { dialogIds } from '~/lib/dialog-ids';

export const GET_RESOURCE_DIALOG = dialogIds('get-resource');
