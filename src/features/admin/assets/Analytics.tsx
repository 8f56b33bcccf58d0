/** Assets by category with the percent of the total; the bars are drawn, the figures are text. */
import { categoryStats } from '~/features/admin/assets/assets';
import { fill } from '~/features/admin/text';
import type { AdminAsset, AssetsCopy } from './schema';

export default function Analytics({ copy, assets, loading }: { copy: AssetsCopy['analytics']; assets: AdminAsset[] | null; loading: string }) {
  return (
    <section aria-labelledby="analytics-heading" className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h3 id="analytics-heading" className="text-xl font-bold">
        {copy.heading}
      </h3>
      {assets === null ? (
        <p className="mt-4 text-ink-muted" role="status">
          {loading}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {categoryStats(assets).map((stat) => (
            <li key={stat.value}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                <span className="font-semibold">{stat.label}</span>
                <span className="text-sm text-ink-muted">{fill(copy.row, { count: stat.count, percent: stat.percent, total: assets.length })}</span>
              </div>
              <div className="mt-1 h-3 overflow-hidden rounded-full bg-sand" aria-hidden="true">
                <div className="h-full rounded-full bg-brand-strong" style={{ width: `${stat.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
