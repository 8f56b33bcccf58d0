/**
 * The get-resource dialog's request, on the <dialog> element: the opener (opener.ts) writes it,
 * the island (GetResourceModal.tsx) reads it. Types only: the page script and the island share
 * no module at run time.
 */
export interface GetResourceDialogData {
  /** The id of the resource asked for (a content entry of src/content/resources). */
  resource?: string;
  /** performance.now() of the tap that opened the dialog: the wait for the form counts from it. */
  openedAt?: string;
}
