/** The period's own visits of an admin, apart from the totals: how many, and why they are not counted. */
import { fill } from '~/features/admin/text';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';

export default function OwnVisits({ copy, count }: { copy: ConversionsCopy['ownVisits']; count: number }) {
  if (count === 0) return null;
  return (
    <p className="rounded-lg border border-line bg-sand-light p-3 text-sm text-ink-soft" data-testid="own-visits">
      <strong className="font-semibold text-ink">{fill(copy.count, { count })}</strong> {copy.hint}
    </p>
  );
}
