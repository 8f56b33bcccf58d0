/**
 * Toasts asked for by page scripts (the partner code's copy button) and shown by the toast island
 * (Toasts.tsx), through the element the island is placed in: a page script adds a message to its
 * `data-queue` (a JSON array) and wakes the island; the island shows what is queued and empties
 * it, at once and whenever more comes. Types only: the page script and the island share no module
 * at run time.
 */
export interface ToastMessage {
  kind: 'success' | 'error';
  title: string;
  description: string;
}

export interface ToastsHostData {
  /** JSON of ToastMessage[], oldest first. */
  queue?: string;
}
