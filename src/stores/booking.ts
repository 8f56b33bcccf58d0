/**
 * The booking (conversion) modal's state inside the island (src/islands/BookingModal.tsx), fed by
 * the static "START YOUR JOURNEY" buttons' messages (src/enhancers/booking-opener.ts). A click
 * before the island has hydrated waits in the message queue, so it is not lost.
 */
import { atom } from 'nanostores';
import { onPageMessage } from '~/islands/page-messages';

/** What the page's opener tells the island: the native dialog was opened (with an optional goal) or closed. */
export type BookingMessage = { open: true; goal: string | null } | { open: false };

export interface BookingRequest {
  open: boolean;
  /** An optional goal chosen where the modal was opened (shown in the dialog). */
  goal: string | null;
  /** How many times it has been opened on this page (0: never, so nothing is loaded yet). */
  opens: number;
}

export const $booking = atom<BookingRequest>({ open: false, goal: null, opens: 0 });

export function openBooking(goal: string | null = null): void {
  $booking.set({ open: true, goal, opens: $booking.get().opens + 1 });
}

export function closeBooking(): void {
  const current = $booking.get();
  if (current.open) $booking.set({ ...current, open: false });
}

onPageMessage<BookingMessage>('booking', (message) => (message.open ? openBooking(message.goal) : closeBooking()));
