/**
 * Every `[data-open-booking]` element (the 'START YOUR JOURNEY' buttons) opens the booking
 * modal at once: the dialog is in the static HTML, the island is told (a queued message), and the
 * island hydrates on this first use (or on hover/focus just before it). Without JavaScript the
 * buttons stay plain links to the contact section.
 * An optional goal travels in `data-booking-goal`.
 */
import type { BookingMessage } from '~/stores/booking';
import { onTriggerClick, onTriggerIntent, showDialog } from '~/enhancers/dialog';
import { requestIsland, sendToIsland } from '~/enhancers/islands';

export const BOOKING_DIALOG_ID = 'booking-dialog';
const TRIGGER = '[data-open-booking]';

export function enhanceBookingTriggers(): void {
  onTriggerIntent(TRIGGER, () => requestIsland('booking'));
  onTriggerClick(TRIGGER, (trigger, event) => {
    const dialog = document.getElementById(BOOKING_DIALOG_ID);
    if (!(dialog instanceof HTMLDialogElement)) return; // no modal here: the link works as a link
    event.preventDefault();
    sendToIsland<BookingMessage>('booking', { open: true, goal: trigger.dataset.bookingGoal?.trim() || null });
    showDialog(dialog, trigger, () => sendToIsland<BookingMessage>('booking', { open: false }));
    requestIsland('booking');
  });
}
