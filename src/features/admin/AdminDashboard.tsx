/** The dashboard an admin sees: title, the link to the content editor, the three top tabs (Site Assets, Calendar & CRM, Conversions) and the toasts. */
import { Suspense, lazy, useState } from 'react';
import SiteToaster from '~/features/toasts/SiteToaster';
import type { SiteMediaId } from '~/features/admin/assets/site-media';
import type { AdminAsset } from '~/features/admin/assets/schema';
import type { AdminCopy } from '~/features/admin/schema';
import AssetManager from './assets/AssetManager';
import CalendarDebugger from './calendar/CalendarDebugger';
import Spinner from './Spinner';
import Tabs from './Tabs';
import type { GuideGroupNames } from '~/features/content-editor/browser/decap/GuideGroup';
import { contentEditorPath as EDITOR_PATH } from './admin-areas';

// Its code loads, and its data is asked for, when the tab is first opened (the calendar
// debugger, which asks the server for its location, is drawn then too).
const ConversionsPanel = lazy(() => import('./conversions/ConversionsPanel'));

export interface DashboardData {
  assets: AdminAsset[];
  bucket: string;
  /** Paths of the site's logo and videos in the bucket (settings.json → storage). */
  media: Record<SiteMediaId, string>;
  defaultCalendarId: string;
  /** The group names of /guides, for the content editor's guides form. */
  guideGroups: GuideGroupNames;
}

type TabId = 'assets' | 'crm' | 'conversions';

export default function AdminDashboard({ copy, data }: { copy: AdminCopy; data: DashboardData }) {
  const [tab, setTab] = useState<TabId>('assets');
  const [conversionsOpened, setConversionsOpened] = useState(false);
  const [crmOpened, setCrmOpened] = useState(false);
  const select = (id: TabId) => {
    setTab(id);
    if (id === 'crm') setCrmOpened(true);
    if (id === 'conversions') setConversionsOpened(true);
  };
  return (
    <section className="container-content py-10 sm:py-12" aria-labelledby="admin-heading">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id="admin-heading" className="text-3xl font-extrabold sm:text-4xl">
            {copy.title}
          </h1>
          <p className="mt-2 text-ink-muted">{copy.subtitle}</p>
        </div>
        {/* A page of its own, loaded in full: the editor's code and styles never reach the dashboard. */}
        <a href={EDITOR_PATH} className="btn btn-outline">
          {copy.contentEditor.link}
        </a>
      </div>
      <div className="mt-8">
        <Tabs
          label={copy.tabsLabel}
          selected={tab}
          onSelect={select}
          items={[
            { id: 'assets', label: copy.tabs.assets, panel: <AssetManager copy={copy.assets} assets={data.assets} bucket={data.bucket} media={data.media} /> },
            { id: 'crm', label: copy.tabs.crm, panel: crmOpened && <CalendarDebugger copy={copy.debugger} defaultCalendarId={data.defaultCalendarId} /> },
            {
              id: 'conversions',
              label: copy.tabs.conversions,
              panel: conversionsOpened && (
                <Suspense fallback={<Spinner label={copy.conversions.loading} />}>
                  <ConversionsPanel copy={copy.conversions} />
                </Suspense>
              ),
            },
          ]}
        />
      </div>
      <SiteToaster {...copy.toasts} />
    </section>
  );
}
