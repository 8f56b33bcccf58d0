/** The dashboard an admin sees: title, the two top tabs (Site Assets, Calendar & CRM) and the toasts. */
import { useState } from 'react';
import SiteToaster from '~/islands/toasts/SiteToaster';
import type { SiteMediaId } from '~/lib/admin/site-media';
import type { AdminAsset, AdminCopy } from '~/lib/content-schemas';
import AssetManager from './assets/AssetManager';
import CalendarDebugger from './calendar/CalendarDebugger';
import Tabs from './Tabs';

export interface DashboardData {
  assets: AdminAsset[];
  bucket: string;
  /** Paths of the site's logo and videos in the bucket (settings.json → storage). */
  media: Record<SiteMediaId, string>;
  defaultCalendarId: string;
}

export default function AdminDashboard({ copy, data }: { copy: AdminCopy; data: DashboardData }) {
  const [tab, setTab] = useState<'assets' | 'crm'>('assets');
  return (
    <section className="container-content py-10 sm:py-12" aria-labelledby="admin-heading">
      <h1 id="admin-heading" className="text-3xl font-extrabold sm:text-4xl">
        {copy.title}
      </h1>
      <p className="mt-2 text-ink-muted">{copy.subtitle}</p>
      <div className="mt-8">
        <Tabs
          label={copy.tabsLabel}
          selected={tab}
          onSelect={setTab}
          items={[
            { id: 'assets', label: copy.tabs.assets, panel: <AssetManager copy={copy.assets} assets={data.assets} bucket={data.bucket} media={data.media} /> },
            { id: 'crm', label: copy.tabs.crm, panel: <CalendarDebugger copy={copy.debugger} defaultCalendarId={data.defaultCalendarId} /> },
          ]}
        />
      </div>
      <SiteToaster {...copy.toasts} />
    </section>
  );
}
