/** Class names shared by the admin forms and lists. */
export const labelClass = 'block text-sm font-semibold text-ink';
export const fieldClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-ink-muted bg-white px-3 text-base text-ink placeholder:text-ink-muted disabled:cursor-not-allowed disabled:bg-sand-light disabled:text-ink-muted';
export const hintClass = 'mt-1 text-sm text-ink-muted';
const smallButton =
  'inline-flex min-h-10 items-center rounded-full border border-line bg-white px-3 text-sm font-semibold hover:border-ink-muted hover:bg-sand-light disabled:cursor-not-allowed disabled:opacity-60';
export const smallButtonClass = `${smallButton} text-ink-soft`;
export const dangerButtonClass = `${smallButton} text-destructive`;
export const primaryButtonClass =
  'inline-flex min-h-12 items-center justify-center rounded-full bg-brand-strong px-6 font-display text-sm font-bold uppercase tracking-wider text-white hover:bg-brand-deep disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex min-h-12 items-center justify-center rounded-full border-2 border-ink px-6 font-display text-sm font-bold uppercase tracking-wider text-ink hover:bg-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-60';
