import { describe, expect, it } from 'vitest';
import { monthName, spotsLabel } from '~/lib/spots';

const templates = { one: '{count} spot left in {month}', other: '{count} spots left in {month}' };

describe('monthName', () => {
  it('gives the English long month name of the local date', () => {
    expect(monthName(new Date(2026, 0, 15))).toBe('January');
    expect(monthName(new Date(2026, 10, 23))).toBe('November');
    expect(monthName(new Date(2026, 11, 31, 23, 59))).toBe('December');
  });

  it('refuses an invalid date', () => {
    expect(() => monthName(new Date('not a date'))).toThrow(/valid date/);
  });

  it('agrees with Intl for every month', () => {
    for (let month = 0; month < 12; month++) {
      const date = new Date(2026, month, 1);
      expect(monthName(date)).toBe(date.toLocaleString('en-US', { month: 'long' }));
    }
  });
});

describe('spotsLabel', () => {
  it('reads "n spots left in <Month>"', () => {
    expect(spotsLabel(templates, 7, new Date(2026, 10, 23))).toBe('7 spots left in November');
    expect(spotsLabel(templates, 0, new Date(2026, 1, 1))).toBe('0 spots left in February');
  });

  it('uses the singular for one spot', () => {
    expect(spotsLabel(templates, 1, new Date(2026, 4, 2))).toBe('1 spot left in May');
  });

  it('follows the date it is given, so the browser shows its own month', () => {
    const first = spotsLabel(templates, 7, new Date(2026, 10, 30, 23, 59));
    const next = spotsLabel(templates, 7, new Date(2026, 11, 1, 0, 0));
    expect(first).toBe('7 spots left in November');
    expect(next).toBe('7 spots left in December');
  });

  it('refuses counts that are not whole numbers of 0 or more', () => {
    expect(() => spotsLabel(templates, -1, new Date())).toThrow(/spotsLeft/);
    expect(() => spotsLabel(templates, 2.5, new Date())).toThrow(/spotsLeft/);
  });
});
