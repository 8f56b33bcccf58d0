/** Where the content editor is drawn on /admin/content (admin-areas.ts); nothing yet. */
export default function ContentEditorSlot() {
  return null;
}
