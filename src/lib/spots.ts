/**
 * The "n spots left in <Month>" badge text. The month is the visitor's current month:
 * pages render it at build time and src/enhancers/spots-badge.ts corrects it in the browser.
 */
import type { SpotsBadgeCopy } from '~/lib/settings-schema';

// A table, not `toLocaleString`: the browser's first Intl date call loads its locale data, a
// main-thread stall of tens of milliseconds on a phone, on every page the badge is on.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** English long month name of the date in the runtime's local time zone, e.g. "November". */
export function monthName(date: Date): string {
  const name = MONTHS[date.getMonth()];
  if (name === undefined) throw new RangeError(`monthName needs a valid date, got ${String(date)}`);
  return name;
}

export function spotsLabel(templates: SpotsBadgeCopy, spotsLeft: number, date: Date): string {
  if (!Number.isInteger(spotsLeft) || spotsLeft < 0) {
    throw new RangeError(`spotsLeft must be a whole number of 0 or more, got ${spotsLeft}`);
  }
  const template = spotsLeft === 1 ? templates.one : templates.other;
  return template.replaceAll('{count}', String(spotsLeft)).replaceAll('{month}', monthName(date));
}
