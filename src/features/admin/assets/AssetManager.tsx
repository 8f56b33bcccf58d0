/**
 * Site Assets: summary tiles (total and the first three categories) and four tabs. The sample
 * catalogue is built in (docs/product.md §3): it "loads" after 100 ms, like the list it stands in for.
 */
import { useEffect, useState } from 'react';
import { categoryStats } from '~/features/admin/assets/assets';
import type { SiteMediaId } from '~/features/admin/assets/site-media';
import { splitPath } from '~/features/admin/assets/storage-paths';
import Tabs from '../Tabs';
import Analytics from './Analytics';
import AssetSettings from './AssetSettings';
import BrowseAssets from './BrowseAssets';
import type { CloudRequest } from './CloudFiles';
import type { AdminAsset, AssetsCopy } from './schema';
import UploadForm from './UploadForm';

type TabId = 'browse' | 'upload' | 'analytics' | 'settings';

export const CATALOGUE_DELAY_MS = 100;

interface Props {
  copy: AssetsCopy;
  assets: AdminAsset[];
  bucket: string;
  /** The paths of the site's own media in the bucket (settings.json → storage). */
  media: Record<SiteMediaId, string>;
}

export default function AssetManager({ copy, assets, bucket, media }: Props) {
  const [tab, setTab] = useState<TabId>('browse');
  const [loaded, setLoaded] = useState<AdminAsset[] | null>(null);
  // Changed after an upload or a replacement so the cloud list reloads (in the upload's folder).
  const [cloudRequest, setCloudRequest] = useState<CloudRequest>({ version: 0, folder: null });
  const reloadCloud = (folder: string | null) => setCloudRequest((current) => ({ version: current.version + 1, folder }));

  useEffect(() => {
    const timer = window.setTimeout(() => setLoaded(assets), CATALOGUE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [assets]);

  const list = loaded ?? [];
  const tiles = [
    { label: copy.summary.total, count: list.length },
    ...categoryStats(list)
      .slice(0, 3)
      .map((s) => ({ label: s.label, count: s.count })),
  ];

  return (
    <div>
      <h2 className="text-2xl font-bold">{copy.heading}</h2>
      <p className="mt-1 text-ink-muted">{copy.lead}</p>
      <ul className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={loaded === null}>
        {tiles.map((tile) => (
          <li key={tile.label} className="rounded-xl border border-line bg-white p-4 shadow-sm">
            <p className="text-3xl font-extrabold text-ink">{loaded ? tile.count : '–'}</p>
            <p className="mt-1 text-sm text-ink-muted">{tile.label}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <Tabs
          label={copy.tabsLabel}
          variant="secondary"
          selected={tab}
          onSelect={setTab}
          items={[
            {
              id: 'browse',
              label: copy.tabs.browse,
              panel: <BrowseAssets copy={copy} assets={loaded} bucket={bucket} media={media} cloudRequest={cloudRequest} onMediaReplaced={() => reloadCloud(null)} />,
            },
            { id: 'upload', label: copy.tabs.upload, panel: <UploadForm copy={copy} bucket={bucket} onUploaded={(path) => reloadCloud(splitPath(path).folder)} /> },
            { id: 'analytics', label: copy.tabs.analytics, panel: <Analytics copy={copy.analytics} assets={loaded} loading={copy.browse.loading} /> },
            { id: 'settings', label: copy.tabs.settings, panel: <AssetSettings copy={copy.settings} bucket={bucket} /> },
          ]}
        />
      </div>
    </div>
  );
}
