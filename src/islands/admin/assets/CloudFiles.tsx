/**
 * The files in the storage bucket (limit 100, offset 0, by name): type, size, dates, View,
 * Download and Delete. The list reloads after an upload (`version`) and after a delete.
 */
import type { FileObject } from '@supabase/storage-js';
import { useCallback, useEffect, useState } from 'react';
import { showToast } from '~/islands/toasts/show-toast';
import { fileTypeLabel, formatFileSize } from '~/lib/admin/assets';
import { fill, formatDateTime } from '~/lib/admin/text';
import { getSupabase } from '~/lib/supabase';
import type { AssetsCopy } from './AssetManager';

export const LIST_OPTIONS = { limit: 100, offset: 0, sortBy: { column: 'name', order: 'asc' } } as const;

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; files: FileObject[] };

export default function CloudFiles({ copy, bucket, version }: { copy: AssetsCopy['cloud']; bucket: string; version: number }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());

  const load = useCallback(async () => {
    const { data, error } = await getSupabase().storage.from(bucket).list('', LIST_OPTIONS);
    if (error) {
      console.error('Listing the storage bucket failed:', error.message);
      setState({ kind: 'failed' });
      return;
    }
    // Folder entries have no id: only files are listed.
    setState({ kind: 'ready', files: data.filter((entry) => entry.id !== null) });
  }, [bucket]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load() sets state only once the list request has answered
    void load();
  }, [load, version]);

  async function remove(name: string) {
    setDeleting((current) => new Set(current).add(name));
    try {
      const { data, error } = await getSupabase().storage.from(bucket).remove([name]);
      // Storage answers 200 [] when the caller may not delete the object: nothing was deleted.
      if (error || !data?.length) {
        if (error) console.error('Delete failed:', error.message);
        showToast({ kind: 'error', title: copy.deleteFailed, description: copy.deleteFailedText });
      } else {
        showToast({ kind: 'success', title: copy.deleted, description: fill(copy.deletedText, { name }) });
      }
    } catch (failure) {
      console.error('Delete failed:', failure);
      showToast({ kind: 'error', title: copy.deleteError, description: copy.deleteErrorText });
    } finally {
      setDeleting((current) => {
        const next = new Set(current);
        next.delete(name);
        return next;
      });
      await load();
    }
  }

  const storage = getSupabase().storage.from(bucket);

  return (
    <section aria-labelledby="cloud-files-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="cloud-files-heading" className="text-xl font-bold">
            {copy.heading}
          </h3>
          <p className="mt-1 text-sm text-ink-muted">{fill(copy.lead, { bucket })}</p>
        </div>
        <button type="button" className="btn-chip" onClick={() => void load()}>
          {copy.refresh}
        </button>
      </div>
      {state.kind === 'loading' && (
        <p className="mt-4 text-ink-muted" role="status">
          {copy.loading}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="mt-4 text-destructive" role="alert">
          {copy.loadFailed}
        </p>
      )}
      {state.kind === 'ready' && state.files.length === 0 && (
        <p className="mt-4 rounded-xl border border-dashed border-line p-6 text-center text-ink-muted">{copy.empty}</p>
      )}
      {state.kind === 'ready' && state.files.length > 0 && (
        <ul className="mt-4 divide-y divide-line rounded-xl border border-line bg-white" aria-label={copy.heading}>
          {state.files.map((file) => {
            const busy = deleting.has(file.name);
            const size = (file.metadata as { size?: number } | null)?.size;
            const url = storage.getPublicUrl(file.name).data.publicUrl;
            const download = storage.getPublicUrl(file.name, { download: file.name }).data.publicUrl;
            return (
              <li key={file.id ?? file.name} className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between">
                <div className="min-w-0">
                  <p className="break-all font-mono text-sm font-semibold">{file.name}</p>
                  <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-ink-muted">
                    <span className="rounded-full bg-sand px-2 font-semibold uppercase text-ink-soft">{fileTypeLabel(file.name)}</span>
                    <span>{formatFileSize(size, copy.unknownSize)}</span>
                    {file.created_at && <span>{fill(copy.created, { date: formatDateTime(file.created_at) })}</span>}
                    {file.updated_at && <span>{fill(copy.updated, { date: formatDateTime(file.updated_at) })}</span>}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <a className="btn-chip" href={url} target="_blank" rel="noopener noreferrer" aria-label={`${copy.view} ${file.name}`}>
                    {copy.view}
                  </a>
                  <a className="btn-chip" href={download} download={file.name} aria-label={`${copy.download} ${file.name}`}>
                    {copy.download}
                  </a>
                  <button
                    type="button"
                    className="btn-chip btn-chip-danger"
                    disabled={busy}
                    aria-label={`${busy ? copy.deleting : copy.delete} ${file.name}`}
                    onClick={() => void remove(file.name)}
                  >
                    {busy ? copy.deleting : copy.delete}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
