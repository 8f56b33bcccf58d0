/**
 * Under `npm run dev` a save rewrites a file of src/content, and the dev server reloads the page
 * at once: Decap's "Saved" toast goes with it. The save leaves a note for the reloaded page, which
 * says it in the editor's own status line; a note older than a few seconds is not the reload's.
 */
import type { StoreKind } from './content-client';

const KEY = 'content-editor-saved';
const FRESH_MS = 15_000;

export function leaveSavedNote(store: StoreKind, now = Date.now()): void {
  if (store === 'working-tree') sessionStorage.setItem(KEY, JSON.stringify({ store, at: now }));
}

/** The note a save left just before this page loaded, once. */
export function takeSavedNote(now = Date.now()): StoreKind | null {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  try {
    const note = JSON.parse(raw ?? 'null') as { store?: StoreKind; at?: number } | null;
    return note?.store && typeof note.at === 'number' && now - note.at < FRESH_MS ? note.store : null;
  } catch {
    return null;
  }
}
