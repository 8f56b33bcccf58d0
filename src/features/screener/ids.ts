/** The screener dialog's element ids: written by ScreenerDialog.astro, the dialog found by the opener. */
import { dialogIds } from '~/lib/dialog-ids';

export const SCREENER_DIALOG = dialogIds('screener');
