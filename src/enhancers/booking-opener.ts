/**
 * Every `[data-open-booking]` element (the 'START YOUR JOURNEY' buttons) opens the booking
 * modal at once: the dialog is in the static HTML, the request goes to the nanostore, and the
 * island hydrates on this first use (or on hover/focus just before it). Without JavaScript the
 * buttons stay plain links to the contact section.
 * An optional goal travels in `data-booking-goal`.
 */
import { closeBooking, openBooking } from '~/stores/booking';
import { onTriggerClick, onTriggerIntent, showDialog } from '~/enhancers/dialog';
import { requestIsland } from '~/enhancers/islands';

export const BOOKING_DIALOG_ID = 'booking-dialog';
const TRIGGER = '[data-open-booking]';

export function enhanceBookingTriggers(): void {
  onTriggerIntent(TRIGGER, () => requestIsland('booking'));
  onTriggerClick(TRIGGER, (trigger, event) => {
    const dialog = document.getElementById(BOOKING_DIALOG_ID);
    if (!(dialog instanceof HTMLDialogElement)) return; // no modal here: the link works as a link
    event.preventDefault();
    openBooking(trigger.dataset.bookingGoal?.trim() || null);
    showDialog(dialog, trigger, closeBooking);
    requestIsland('booking');
  });
}
