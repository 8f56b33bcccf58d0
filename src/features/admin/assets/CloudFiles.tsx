/**
 * The files in the storage bucket, folder by folder: a breadcrumb and 'Up one folder', the
 * folders of the current one (each opens), its files with type, size, dates, View, Download and
 * Delete, and paging (100 a page, by name). The list reloads after an upload (`version`, which
 * also opens the folder the upload went to) and after a delete. Moving to another folder or page
 * puts the focus on the line that says where the list is.
 */
import type { FileObject } from '@supabase/storage-js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '~/features/toasts/show-toast';
import { joinPath, listPageOptions, normalizeFolder, pageOfListing, parentFolder } from '~/features/admin/assets/storage-paths';
import { fill } from '~/features/admin/text';
import { getSupabase } from '~/lib/supabase';
import type { AssetsCopy } from './schema';
import CloudFileRow from './CloudFileRow';
import FolderPath from './FolderPath';

type Listing = ReturnType<typeof pageOfListing<FileObject>>;
type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; listing: Listing };

export interface CloudRequest {
  /** Bumped after an upload: the list reloads. */
  version: number;
  /** The folder to show with it (the upload's), or null to stay. */
  folder: string | null;
}

export default function CloudFiles({ copy, bucket, request }: { copy: AssetsCopy['cloud']; bucket: string; request: CloudRequest }) {
  const [where, setWhere] = useState({ folder: '', page: 0 });
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const [reloads, setReloads] = useState(0);
  const location = useRef<HTMLParagraphElement>(null);
  const focusAfterLoad = useRef(false);
  const latest = useRef(0);

  const load = useCallback(
    async (folder: string, page: number) => {
      const call = ++latest.current;
      const { data, error } = await getSupabase().storage.from(bucket).list(folder, listPageOptions(page));
      // A later navigation answered first or is under way: this answer is stale.
      if (call !== latest.current) return;
      if (error) {
        console.error('Listing the storage bucket failed:', error.message);
        setState({ kind: 'failed' });
        return;
      }
      const listing = pageOfListing(data, page);
      // The last entries of a page were deleted: show the page before.
      if (page > 0 && listing.from === 0) {
        setWhere({ folder, page: page - 1 });
        return;
      }
      setState({ kind: 'ready', listing });
    },
    [bucket],
  );

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load() sets state only once the list request has answered
    void load(where.folder, where.page);
  }, [load, where, reloads]);

  useEffect(() => {
    if (request.version === 0) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an upload finished elsewhere: show where it went
    if (request.folder !== null) setWhere({ folder: normalizeFolder(request.folder), page: 0 });
    setReloads((n) => n + 1);
  }, [request]);

  useEffect(() => {
    if (state.kind !== 'loading' && focusAfterLoad.current) {
      focusAfterLoad.current = false;
      location.current?.focus();
    }
  }, [state]);

  function go(folder: string, page = 0) {
    focusAfterLoad.current = true;
    setState({ kind: 'loading' });
    setWhere({ folder: normalizeFolder(folder), page });
  }

  async function remove(path: string) {
    setDeleting((current) => new Set(current).add(path));
    try {
      const { data, error } = await getSupabase().storage.from(bucket).remove([path]);
      // Storage answers 200 [] when the caller may not delete the object: nothing was deleted.
      if (error || !data?.length) {
        if (error) console.error('Delete failed:', error.message);
        showToast({ kind: 'error', title: copy.deleteFailed, description: copy.deleteFailedText });
      } else {
        showToast({ kind: 'success', title: copy.deleted, description: fill(copy.deletedText, { name: path }) });
      }
    } catch (failure) {
      console.error('Delete failed:', failure);
      showToast({ kind: 'error', title: copy.deleteError, description: copy.deleteErrorText });
    } finally {
      setDeleting((current) => {
        const next = new Set(current);
        next.delete(path);
        return next;
      });
      setReloads((n) => n + 1);
    }
  }

  const { folder, page } = where;
  const shownPath = `${[bucket, ...folder.split('/').filter(Boolean)].join('/')}/`;
  const listing = state.kind === 'ready' ? state.listing : null;
  const entries = listing ? listing.folders.length + listing.files.length : 0;

  return (
    <section aria-labelledby="cloud-files-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="cloud-files-heading" className="text-xl font-bold">
            {copy.heading}
          </h3>
          <p className="mt-1 text-sm text-ink-muted">{fill(copy.lead, { bucket })}</p>
        </div>
        <button type="button" className="btn-chip" onClick={() => setReloads((n) => n + 1)}>
          {copy.refresh}
        </button>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <FolderPath label={copy.pathLabel} bucket={bucket} folder={folder} onOpen={(path) => go(path)} />
        {folder && (
          <button type="button" className="btn-chip" onClick={() => go(parentFolder(folder))}>
            <span aria-hidden="true" className="mr-1">
              ↑
            </span>
            {copy.up}
          </button>
        )}
      </div>

      <p ref={location} tabIndex={-1} className="mt-3 break-all rounded text-sm font-semibold text-ink-soft" data-testid="cloud-location">
        {listing && entries > 0 ? fill(copy.showing, { path: shownPath, from: listing.from, to: listing.to }) : fill(copy.showingEmpty, { path: shownPath })}
      </p>

      {state.kind === 'loading' && (
        <p className="mt-3 text-ink-muted" role="status">
          {copy.loading}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="mt-3 text-destructive" role="alert">
          {copy.loadFailed}
        </p>
      )}
      {listing && entries === 0 && (
        <p className="mt-3 rounded-xl border border-dashed border-line p-6 text-center text-ink-muted">{folder ? copy.emptyFolder : copy.empty}</p>
      )}
      {listing && entries > 0 && (
        <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-white" aria-label={copy.heading}>
          {listing.folders.map((entry) => (
            <li key={`folder:${entry.name}`} className="p-2">
              <button
                type="button"
                className="flex min-h-11 w-full items-center gap-3 rounded-lg px-2 text-left hover:bg-sand-light"
                onClick={() => go(joinPath(folder, entry.name))}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-brand-strong" fill="currentColor">
                  <path d="M3 6.5A2.5 2.5 0 0 1 5.5 4h4l2 2h7A2.5 2.5 0 0 1 21 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5z" />
                </svg>
                <span className="break-all font-mono text-sm font-semibold">{entry.name}/</span>{' '}
                <span className="ml-auto rounded-full bg-sand px-2 text-xs font-semibold text-ink-soft">{copy.folder}</span>
              </button>
            </li>
          ))}
          {listing.files.map((file) => {
            const path = joinPath(folder, file.name);
            return (
              <CloudFileRow key={file.id ?? path} copy={copy} bucket={bucket} file={file} path={path} busy={deleting.has(path)} onDelete={() => void remove(path)} />
            );
          })}
        </ul>
      )}

      {listing && (page > 0 || listing.hasNext) && (
        <nav aria-label={copy.pagesLabel} className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn-chip" disabled={page === 0} onClick={() => go(folder, page - 1)}>
            {copy.previous}
          </button>
          <button type="button" className="btn-chip" disabled={!listing.hasNext} onClick={() => go(folder, page + 1)}>
            {copy.next}
          </button>
        </nav>
      )}
    </section>
  );
}
