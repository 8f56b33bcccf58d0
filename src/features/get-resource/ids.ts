/** The get-resource dialog's element ids: written by GetResourceDialog.astro, found by the opener. */
import { dialogIds } from '~/lib/dialog-ids';

export const GET_RESOURCE_DIALOG = dialogIds('get-resource');
