/**
 * Conversions per day: one stacked bar per day of the period (a day without any has a flat mark),
 * drawn in an SVG that screen readers read as one image with a summary, and the same numbers
 * as a table under a disclosure. Nothing moves.
 */
import { useId } from 'react';
import { type DayCounts, busiestDay, chartMax, typeLabel } from '~/features/admin/conversions/conversions-report';
import { fill, formatDate } from '~/features/admin/text';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';
import { fillOf, swatchOf } from './type-colours';

const SLOT = 10;
const BAR = 8;
const HEIGHT = 100;
const EMPTY_MARK = 1.5;

/** A day's bar: one segment per type with conversions, bottom up, in chart units. */
function segmentsOf(entry: DayCounts, types: readonly string[], max: number): { type: string; y: number; height: number }[] {
  const segments: { type: string; y: number; height: number }[] = [];
  let top = HEIGHT;
  for (const type of types) {
    const n = entry.counts[type] ?? 0;
    if (!n) continue;
    const height = (n / max) * HEIGHT;
    top -= height;
    segments.push({ type, y: top, height });
  }
  return segments;
}

export default function DailyChart({ copy, series, types }: { copy: ConversionsCopy; series: readonly DayCounts[]; types: readonly string[] }) {
  const id = useId();
  const max = chartMax(series);
  const busiest = busiestDay(series);
  const first = series[0]?.day ?? '';
  const last = series.at(-1)?.day ?? '';
  const total = series.reduce((sum, entry) => sum + entry.total, 0);
  const summary = fill(copy.chart.summary, {
    from: formatDate(first),
    to: formatDate(last),
    total,
    day: busiest ? formatDate(busiest.day) : '',
    count: busiest?.total ?? 0,
  });
  const label = (type: string) => typeLabel(type, copy.types, copy.otherType);
  const dayTitle = (entry: DayCounts) =>
    `${formatDate(entry.day)}: ${entry.total}${entry.total ? ` (${types.flatMap((type) => (entry.counts[type] ? [`${entry.counts[type]} ${label(type)}`] : [])).join(', ')})` : ''}`;

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h3 id={`${id}-heading`} className="text-xl font-bold">
        {copy.chart.heading}
      </h3>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-soft" aria-label={copy.chart.legendLabel}>
        {types.map((type) => (
          <li key={type} className="flex items-center gap-2">
            <span className={`h-3 w-3 rounded-sm ${swatchOf(type)}`} aria-hidden="true" />
            {label(type)}
          </li>
        ))}
      </ul>
      <figure className="mt-4">
        <p className="text-xs text-ink-muted" aria-hidden="true">
          {fill(copy.chart.scale, { max })}
        </p>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${series.length * SLOT} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="mt-1 block h-40 w-full border-b border-ink-muted sm:h-48"
          data-testid="conversions-chart"
        >
          <line x1="0" x2={series.length * SLOT} y1="0.5" y2="0.5" className="stroke-line" vectorEffect="non-scaling-stroke" />
          <line x1="0" x2={series.length * SLOT} y1={HEIGHT / 2} y2={HEIGHT / 2} className="stroke-line" vectorEffect="non-scaling-stroke" />
          {series.map((entry, index) => {
            const x = index * SLOT + (SLOT - BAR) / 2;
            return (
              <g key={entry.day} data-day={entry.day} data-total={entry.total}>
                <title>{dayTitle(entry)}</title>
                {entry.total === 0 ? (
                  <rect x={x} y={HEIGHT - EMPTY_MARK} width={BAR} height={EMPTY_MARK} className="fill-line" />
                ) : (
                  segmentsOf(entry, types, max).map(({ type, y, height }) => <rect key={type} x={x} y={y} width={BAR} height={height} className={fillOf(type)} />)
                )}
              </g>
            );
          })}
        </svg>
        <div className="mt-1 flex justify-between text-xs text-ink-muted" aria-hidden="true">
          <span>{formatDate(first)}</span>
          <span>{formatDate(last)}</span>
        </div>
        <figcaption className="sr-only">{copy.chart.caption}</figcaption>
      </figure>
      <details className="mt-4">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg text-sm font-semibold text-brand-strong">{copy.chart.tableToggle}</summary>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus to scroll by keyboard (WCAG 2.1.1, axe scrollable-region-focusable) */}
        <div className="mt-2 max-h-96 overflow-auto rounded-lg border border-line" tabIndex={0} role="region" aria-label={copy.chart.scrollLabel}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{copy.chart.caption}</caption>
            <thead className="sticky top-0 bg-sand-light">
              <tr>
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {copy.chart.day}
                </th>
                {types.map((type) => (
                  <th key={type} scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
                    {label(type)}
                  </th>
                ))}
                <th scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
                  {copy.chart.total}
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((entry) => (
                <tr key={entry.day} className="border-t border-line">
                  <th scope="row" className="whitespace-nowrap px-3 py-1.5 font-normal">
                    {formatDate(entry.day)}
                  </th>
                  {types.map((type) => (
                    <td key={type} className="px-3 py-1.5 text-right tabular-nums">
                      {entry.counts[type] ?? 0}
                    </td>
                  ))}
                  <td className="px-3 py-1.5 text-right font-semibold tabular-nums">{entry.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
