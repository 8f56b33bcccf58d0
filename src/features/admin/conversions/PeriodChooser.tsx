/** The period of the report: a radio group of 7, 30 and 90 days (arrow keys move the choice). */
import { useId } from 'react';
import { PERIODS, type PeriodDays } from '~/features/admin/conversions/conversions-report';
import { fill } from '~/features/admin/text';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';

export default function PeriodChooser({ copy, days, onChange }: { copy: ConversionsCopy; days: PeriodDays; onChange: (days: PeriodDays) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">{copy.periodLabel}</legend>
      <div className="mt-1 grid grid-cols-3 gap-1 rounded-full bg-sand p-1 sm:inline-grid">
        {PERIODS.map((period) => (
          <label
            key={period}
            className="relative inline-flex min-h-11 cursor-pointer items-center justify-center rounded-full px-1 text-center text-sm leading-tight font-semibold text-ink-soft transition-colors hover:bg-sand-light has-[:checked]:bg-ink has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-strong motion-reduce:transition-none sm:px-4"
          >
            <input type="radio" className="sr-only" name={name} value={period} checked={days === period} onChange={() => onChange(period)} />
            {fill(copy.period, { days: period })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
