/**
 * The "n spots left in <Month>" badge text. The month is the visitor's current month:
 * pages render it at build time and src/scripts/spots-badge.ts corrects it in the browser.
 */
export interface SpotsTemplates {
  /** Text for exactly one spot, with {count} and {month}. */
  one: string;
  /** Text for any other count, with {count} and {month}. */
  other: string;
}

/** English long month name of the date in the runtime's local time zone, e.g. "November". */
export function monthName(date: Date): string {
  return date.toLocaleString('en-US', { month: 'long' });
}

export function spotsLabel(templates: SpotsTemplates, spotsLeft: number, date: Date): string {
  if (!Number.isInteger(spotsLeft) || spotsLeft < 0) {
    throw new RangeError(`spotsLeft must be a whole number of 0 or more, got ${spotsLeft}`);
  }
  const template = spotsLeft === 1 ? templates.one : templates.other;
  return template.replaceAll('{count}', String(spotsLeft)).replaceAll('{month}', monthName(date));
}
