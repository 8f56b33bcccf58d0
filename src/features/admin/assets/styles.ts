/** Class names shared by the admin forms (buttons: the `.btn` classes of src/styles/global.css). */
export const labelClass = 'block text-sm font-semibold text-ink';
export const fieldClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-ink-muted bg-white px-3 text-base text-ink placeholder:text-ink-muted disabled:cursor-not-allowed disabled:bg-sand-light disabled:text-ink-muted';
export const hintClass = 'mt-1 text-sm text-ink-muted';
