/**
 * The booking dialog's request, on the <dialog> element: the opener (opener.ts) writes it, the
 * island (BookingModal.tsx) reads it. Types only: the page script and the island share no module
 * at run time.
 */
export interface BookingDialogData {
  /** The goal the button that opened it carries (`data-booking-goal`), if any. */
  goal?: string;
  /** performance.now() of the tap that opened the dialog: the wait for the widget counts from it. */
  openedAt?: string;
}
