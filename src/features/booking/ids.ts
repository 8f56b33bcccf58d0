/** The booking dialog's element ids: written by BookingDialog.astro, the dialog found by the opener. */
import { dialogIds } from '~/lib/dialog-ids';

export const BOOKING_DIALOG = dialogIds('booking');
