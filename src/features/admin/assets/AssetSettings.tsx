/** The naming convention and where assets are stored. */
import { ASSET_CATEGORIES } from '~/features/admin/assets/assets';
import { fill } from '~/features/admin/text';
import type { AssetsCopy } from './schema';

export default function AssetSettings({ copy, bucket }: { copy: AssetsCopy['settings']; bucket: string }) {
  return (
    <section aria-labelledby="asset-settings-heading" className="space-y-6 rounded-xl border border-line bg-white p-4 sm:p-6">
      <h3 id="asset-settings-heading" className="text-xl font-bold">
        {copy.heading}
      </h3>
      <div>
        <h4 className="font-bold">{copy.namingHeading}</h4>
        <p className="mt-2 break-words rounded-lg bg-sand-light p-3 font-mono text-sm">{copy.naming}</p>
        <p className="mt-2 text-sm text-ink-soft">{copy.namingText}</p>
        <p className="mt-2 break-words text-sm text-ink-soft">{fill(copy.example, { example: 'action-deadlift-kayla-conventional-1.jpg' })}</p>
      </div>
      <div>
        <h4 className="font-bold">{copy.storageHeading}</h4>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-soft">
          <li>{copy.storageImages}</li>
          <li>{fill(copy.storageCloud, { bucket })}</li>
        </ul>
      </div>
      <div>
        <h4 className="font-bold">{copy.categoriesHeading}</h4>
        <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {ASSET_CATEGORIES.map((category) => (
            <div key={category.value}>
              <dt className="font-semibold">
                {category.label} <span className="font-mono text-ink-muted">({category.value})</span>
              </dt>
              <dd className="font-mono text-ink-soft">{category.subcategories.join(', ')}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
