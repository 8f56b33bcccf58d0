/**
 * The booking (conversion) modal's request, shared by the static "START YOUR JOURNEY" buttons
 * (src/enhancers/booking-opener.ts) and the island (src/islands/BookingModal.tsx). A click before
 * the island has hydrated is kept here, so it is not lost.
 */
import { atom } from 'nanostores';

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
