/** Browse Assets: the site's media (replaceable), the files in cloud storage, then the sample catalogue with search, category filter and per-asset actions. */
import { useId, useState } from 'react';
import { showToast } from '~/features/toasts/show-toast';
import { ASSET_CATEGORIES, categoryLabel, filterAssets, importStatement } from '~/features/admin/assets/assets';
import type { SiteMediaId } from '~/features/admin/assets/site-media';
import { fill, formatDate } from '~/features/admin/text';
import type { AdminAsset, AssetsCopy } from './schema';
import CloudFiles, { type CloudRequest } from './CloudFiles';
import SiteMedia from './SiteMedia';
import { fieldClass, labelClass } from './styles';

interface Props {
  copy: AssetsCopy;
  assets: AdminAsset[] | null;
  bucket: string;
  media: Record<SiteMediaId, string>;
  cloudRequest: CloudRequest;
  onMediaReplaced: () => void;
}

export default function BrowseAssets({ copy, assets, bucket, media, cloudRequest, onMediaReplaced }: Props) {
  const text = copy.browse;
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const searchId = useId();
  const categoryId = useId();
  const shown = assets ? filterAssets(assets, search, category) : [];

  async function copyText(value: string, title: string) {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ kind: 'success', title, description: value });
    } catch {
      showToast({ kind: 'error', title: text.copyFailed, description: value });
    }
  }

  return (
    <div className="space-y-10">
      <SiteMedia copy={copy.media} bucket={bucket} media={media} onReplaced={onMediaReplaced} />
      <CloudFiles copy={copy.cloud} bucket={bucket} request={cloudRequest} />
      <section aria-labelledby="site-images-heading">
        <h3 id="site-images-heading" className="text-xl font-bold">
          {text.heading}
        </h3>
        <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_16rem]">
          <div>
            <label htmlFor={searchId} className={labelClass}>
              {text.searchLabel}
            </label>
            <input
              id={searchId}
              type="search"
              className={fieldClass}
              placeholder={text.searchPlaceholder}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={categoryId} className={labelClass}>
              {text.categoryLabel}
            </label>
            <select id={categoryId} className={fieldClass} value={category} onChange={(event) => setCategory(event.target.value)}>
              <option value="all">{text.allCategories}</option>
              {ASSET_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        </div>

        <p className="mt-4 text-sm font-semibold text-ink-soft" role="status" aria-live="polite">
          {assets === null ? text.loading : fill(text.count, { count: shown.length, total: assets.length })}
        </p>

        {assets !== null && assets.length === 0 && (
          <div className="mt-4 rounded-xl border border-dashed border-line p-8 text-center">
            <p className="font-bold">{text.emptyTitle}</p>
            <p className="mt-1 text-ink-muted">{text.emptyText}</p>
          </div>
        )}
        {assets !== null && assets.length > 0 && shown.length === 0 && (
          <p className="mt-4 rounded-xl border border-dashed border-line p-8 text-center text-ink-muted">{text.noMatch}</p>
        )}

        {shown.length > 0 && (
          <ul className="mt-4 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((asset) => (
              <li key={asset.id} className="flex gap-3 rounded-xl border border-line bg-white p-3">
                <img src={asset.path} alt="" width={64} height={80} loading="lazy" className="h-20 w-16 shrink-0 rounded-lg bg-sand object-cover" />
                <div className="min-w-0 flex-1">
                  <p className="break-all font-mono text-sm font-semibold">{asset.filename}</p>
                  <p className="mt-1 text-xs text-ink-muted">
                    {categoryLabel(asset.category)} · {asset.subcategory} · {fill(text.uploaded, { date: formatDate(asset.uploadDate) })}
                  </p>
                  {asset.tags.length > 0 && (
                    <ul className="mt-2 flex flex-wrap gap-1" aria-label={copy.upload.tags}>
                      {asset.tags.map((tag) => (
                        <li key={tag} className="rounded-full bg-brand-soft px-2 py-0.5 text-xs text-brand-deep">
                          {tag}
                        </li>
                      ))}
                    </ul>
                  )}
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn-chip"
                      aria-label={fill(text.actionsFor, { action: text.copyPath, name: asset.filename })}
                      onClick={() => copyText(asset.path, text.pathCopied)}
                    >
                      {text.copyPath}
                    </button>
                    <button
                      type="button"
                      className="btn-chip"
                      aria-label={fill(text.actionsFor, { action: text.copyImport, name: asset.filename })}
                      onClick={() => copyText(importStatement(asset), text.importCopied)}
                    >
                      {text.copyImport}
                    </button>
                    <button
                      type="button"
                      className="btn-chip btn-chip-danger"
                      aria-label={fill(text.actionsFor, { action: text.delete, name: asset.filename })}
                      onClick={() => showToast({ kind: 'success', title: text.deleteSimulated, description: fill(text.deleteSimulatedText, { name: asset.filename }) })}
                    >
                      {text.delete}
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
