/**
 * Every `[data-open-booking]` element (the 'START YOUR JOURNEY' buttons) opens the booking
 * dialog at once: the dialog is in the static HTML; the goal a button carries
 * (`data-booking-goal`) goes on the dialog (contract.ts), and the island inside it hydrates on
 * this first use (or on hover/focus just before it) and reads both from the dialog. Without
 * JavaScript the buttons stay plain links to the contact section.
 */
import { onTriggerClick, onTriggerIntent, showDialog } from '~/enhancers/dialog';
import { wakeIsland } from '~/lib/wake-island';
import type { BookingDialogData } from './contract';
import { BOOKING_DIALOG } from './ids';

const TRIGGER = '[data-open-booking]';

export function enhanceBookingTriggers(): void {
  onTriggerIntent(TRIGGER, () => wakeIsland(document.getElementById(BOOKING_DIALOG.dialog)));
  onTriggerClick(TRIGGER, (trigger, event) => {
    const dialog = document.getElementById(BOOKING_DIALOG.dialog);
    if (!(dialog instanceof HTMLDialogElement)) return; // no modal here: the link works as a link
    event.preventDefault();
    const data = dialog.dataset as BookingDialogData;
    const goal = trigger.dataset.bookingGoal?.trim();
    if (goal) data.goal = goal;
    else delete data.goal;
    data.openedAt = String(performance.now());
    showDialog(dialog, trigger);
    wakeIsland(dialog);
  });
}
