/**
 * Site media: the files the pages read from the bucket (settings.json → storage), each with what
 * is there now and a way to replace it. How long caches may keep a replaced file is said once
 * here and per file.
 */
import type { FileObject } from '@supabase/storage-js';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { SITE_MEDIA_CACHE_SECONDS, type SiteMediaId, minutesOf, siteMediaSlots } from '~/features/admin/assets/site-media';
import { splitPath } from '~/features/admin/assets/storage-paths';
import { fill } from '~/features/admin/text';
import { getSupabase } from '~/lib/supabase';
import type { AssetsCopy } from './schema';
import MediaSlotCard from './MediaSlotCard';

type Current = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; files: Record<SiteMediaId, FileObject | null> };

interface Props {
  copy: AssetsCopy['media'];
  bucket: string;
  media: Record<SiteMediaId, string>;
  /** After a replacement: the cloud files list reloads. */
  onReplaced: () => void;
}

export default function SiteMedia({ copy, bucket, media, onReplaced }: Props) {
  const slots = useMemo(() => siteMediaSlots(media), [media]);
  const [current, setCurrent] = useState<Current>({ kind: 'loading' });

  const load = useCallback(async () => {
    const storage = getSupabase().storage.from(bucket);
    try {
      const found = await Promise.all(
        slots.map(async (slot) => {
          const { folder, name } = splitPath(slot.path);
          const { data, error } = await storage.list(folder, { limit: 100, search: name });
          if (error) throw new Error(error.message);
          return [slot.id, data.find((entry) => entry.id !== null && entry.name === name) ?? null] as const;
        }),
      );
      setCurrent({ kind: 'ready', files: Object.fromEntries(found) as Record<SiteMediaId, FileObject | null> });
    } catch (failure) {
      console.error('Reading the site media failed:', failure);
      setCurrent({ kind: 'failed' });
    }
  }, [bucket, slots]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load() sets state only once storage has answered
    void load();
  }, [load]);

  const minutes = minutesOf(SITE_MEDIA_CACHE_SECONDS);

  return (
    <section aria-labelledby="site-media-heading">
      <h3 id="site-media-heading" className="text-xl font-bold">
        {copy.heading}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">{fill(copy.lead, { bucket })}</p>
      <p className="mt-3 rounded-lg bg-sand-light p-3 text-sm text-ink-soft">{fill(copy.cacheNote, { minutes, total: minutes * 2 })}</p>
      {current.kind === 'loading' && (
        <p className="mt-4 text-ink-muted" role="status">
          {copy.loading}
        </p>
      )}
      {current.kind === 'failed' && (
        <p className="mt-4 text-destructive" role="alert">
          {copy.loadFailed}
        </p>
      )}
      {current.kind === 'ready' && (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {slots.map((slot) => (
            <li key={slot.id}>
              <MediaSlotCard
                copy={copy}
                bucket={bucket}
                slot={slot}
                stored={current.files[slot.id]}
                onReplaced={() => {
                  void load();
                  onReplaced();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
