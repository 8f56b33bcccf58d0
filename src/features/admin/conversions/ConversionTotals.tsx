/** The period's totals: all conversions, then one tile per type. */
import { type Totals, typeLabel } from '~/features/admin/conversions/conversions-report';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';
import { swatchOf } from './type-colours';

export default function ConversionTotals({ copy, totals, types }: { copy: ConversionsCopy; totals: Totals; types: readonly string[] }) {
  const tiles = [
    { key: 'total', label: copy.total, count: totals.total, swatch: null },
    ...types.map((type) => ({ key: type, label: typeLabel(type, copy.types, copy.otherType), count: totals.byType[type] ?? 0, swatch: swatchOf(type) })),
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={copy.totalsLabel}>
      {tiles.map((tile) => (
        <li key={tile.key} className={`rounded-xl border border-line bg-white p-4 shadow-sm ${tile.swatch ? '' : 'col-span-2 sm:col-span-1'}`} data-total={tile.key}>
          <p className="text-3xl font-extrabold tabular-nums text-ink">{tile.count}</p>
          <p className="mt-1 flex items-center gap-2 text-sm text-ink-muted">
            {tile.swatch && <span className={`h-3 w-3 shrink-0 rounded-sm ${tile.swatch}`} aria-hidden="true" />}
            {tile.label}
          </p>
        </li>
      ))}
    </ul>
  );
}
