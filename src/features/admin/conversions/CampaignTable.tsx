/** One row per utm_source / utm_campaign of the period, the largest total first. */
import { useId } from 'react';
import { type CampaignRow, typeLabel } from '~/features/admin/conversions/conversions-report';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';

export default function CampaignTable({ copy, rows, types }: { copy: ConversionsCopy; rows: readonly CampaignRow[]; types: readonly string[] }) {
  const id = useId();
  const c = copy.campaigns;
  const name = (value: string | null) => value ?? <span className="text-ink-muted">{c.none}</span>;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h3 id={`${id}-heading`} className="text-xl font-bold">
        {c.heading}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">{c.lead}</p>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus to scroll by keyboard (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <div className="mt-4 overflow-x-auto rounded-lg border border-line" tabIndex={0} role="region" aria-label={c.scrollLabel}>
        <table className="w-full min-w-[40rem] text-left text-sm" data-testid="campaign-table">
          <caption className="sr-only">{c.caption}</caption>
          <thead className="bg-sand-light">
            <tr>
              <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                {c.source}
              </th>
              <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                {c.campaign}
              </th>
              <th scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
                {c.total}
              </th>
              {types.map((type) => (
                <th key={type} scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
                  {typeLabel(type, copy.types, copy.otherType)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={JSON.stringify([row.source, row.campaign])} className="border-t border-line">
                <td className="max-w-48 break-words px-3 py-2">{name(row.source)}</td>
                <th scope="row" className="min-w-48 max-w-64 break-words px-3 py-2 text-left font-semibold">
                  {name(row.campaign)}
                </th>
                <td className="px-3 py-2 text-right font-semibold tabular-nums">{row.total}</td>
                {types.map((type) => (
                  <td key={type} className="px-3 py-2 text-right tabular-nums">
                    {row.counts[type] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
