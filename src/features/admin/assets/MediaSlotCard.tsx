/**
 * One file of the site (the desktop hero video, the logo...): a preview of what is there now, a
 * file picker, a preview of the picked file once it is checked (kind, format, size, and that this
 * browser can open it), then the replacement: an upsert to the same path with a short cache time,
 * standard or resumable by size, with progress; a resumable one can be cancelled. Storage serves
 * the current file until the new one is complete, also when the upload fails or is cancelled.
 * Once replaced, this browser shows the new file at once (site-media-refresh.ts).
 */
import type { FileObject } from '@supabase/storage-js';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { showToast } from '~/features/toasts/show-toast';
import { formatFileSize, needsResumable } from '~/features/admin/assets/assets';
import {
  SITE_MEDIA_CACHE_SECONDS,
  SITE_MEDIA_RULES,
  type SiteMediaSlot,
  acceptFor,
  checkMediaFile,
  maxAgeSeconds,
  minutesOf,
  versionedUrl,
} from '~/features/admin/assets/site-media';
import { fill, formatDateTime } from '~/features/admin/text';
import { announceReplacement, refreshBrowserCopy, showOnPage } from '~/features/admin/assets/site-media-refresh';
import { uploadAsset } from '~/features/admin/assets/upload';
import { uploadSizes } from '~/features/admin/assets/upload-sizes';
import { getSupabase } from '~/lib/supabase';
import type { AssetsCopy } from './schema';
import MediaPreview from './MediaPreview';
import ProgressBar from './ProgressBar';

type Copy = AssetsCopy['media'];

interface Picked {
  file: File;
  url: string;
  contentType: string;
}

type Phase =
  | { kind: 'idle' }
  | ({ kind: 'checking' } & Picked)
  | ({ kind: 'ready' } & Picked)
  | ({ kind: 'uploading'; percent: number; resumed: boolean; cancel: AbortController | null } & Picked);

interface Props {
  copy: Copy;
  bucket: string;
  slot: SiteMediaSlot;
  /** The stored object at the slot's path; null when there is none. */
  stored: FileObject | null;
  onReplaced: () => void;
}

export default function MediaSlotCard({ copy, bucket, slot, stored, onReplaced }: Props) {
  const { label, description } = copy.slots[slot.id];
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [currentFailed, setCurrentFailed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const rules = SITE_MEDIA_RULES[slot.kind];
  const picked = phase.kind === 'idle' ? null : phase;
  const uploading = phase.kind === 'uploading';

  // The picked file's blob: URL lives as long as it is shown.
  const pickedUrl = picked?.url;
  useEffect(() => () => void (pickedUrl && URL.revokeObjectURL(pickedUrl)), [pickedUrl]);

  const metadata = (stored?.metadata ?? null) as { size?: number; mimetype?: string; cacheControl?: string; eTag?: string } | null;
  const publicUrl = getSupabase().storage.from(bucket).getPublicUrl(slot.path).data.publicUrl;
  const currentUrl = versionedUrl(publicUrl, metadata?.eTag ?? stored?.updated_at);
  const currentMaxAge = maxAgeSeconds(metadata?.cacheControl);

  // After a replacement, once the list has the new version: the site's own images of this file on
  // this page (the header's logo) show it, at the preview's address, and so do the site's open tabs.
  const showReplacement = useRef(false);
  useEffect(() => {
    if (!showReplacement.current || !stored) return;
    showReplacement.current = false;
    showOnPage(document, slot.id, currentUrl);
    announceReplacement(localStorage, slot.id, publicUrl, currentUrl);
  }, [currentUrl, publicUrl, stored, slot.id]);

  function refuse(description: string) {
    showToast({ kind: 'error', title: copy.invalid, description });
    setPhase({ kind: 'idle' });
    if (input.current) input.current.value = '';
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return setPhase({ kind: 'idle' });
    const check = checkMediaFile(slot.kind, file);
    if (!check.ok) {
      const problem = check.problem === 'type' ? (slot.kind === 'video' ? copy.problems.videoType : copy.problems.imageType) : copy.problems[check.problem];
      return refuse(fill(problem, { name: file.name, size: formatFileSize(file.size), limit: formatFileSize(check.maxBytes) }));
    }
    setPhase({ kind: 'checking', file, url: URL.createObjectURL(file), contentType: check.contentType });
  }

  // After a replacement or a discard the picker takes the focus, once it is enabled again.
  const refocus = useRef(false);
  useEffect(() => {
    if (phase.kind !== 'idle' || !refocus.current) return;
    refocus.current = false;
    input.current?.focus();
  }, [phase]);

  function discard() {
    refocus.current = true;
    setPhase({ kind: 'idle' });
    if (input.current) input.current.value = '';
  }

  async function replace() {
    if (phase.kind !== 'ready') return;
    const { file, url, contentType } = phase;
    const cancel = needsResumable(file.size, uploadSizes().resumableFrom) ? new AbortController() : null;
    setPhase({ kind: 'uploading', file, url, contentType, percent: 0, resumed: false, cancel });
    const update = (change: Partial<{ percent: number; resumed: boolean }>) =>
      setPhase((current) => (current.kind === 'uploading' ? { ...current, ...change } : current));
    const result = await uploadAsset(
      getSupabase(),
      bucket,
      slot.path,
      file,
      {
        onProgress: (percent) => update({ percent }),
        onResume: () => update({ resumed: true }),
        onResumableUnavailable: () => showToast({ kind: 'error', title: copy.resumableUnavailable, description: copy.resumableUnavailableText }),
      },
      { upsert: true, cacheControl: String(SITE_MEDIA_CACHE_SECONDS), contentType, ...(cancel ? { signal: cancel.signal } : {}) },
    );
    if (result.kind === 'done') {
      // This browser's cached copy is replaced before the replacement is announced.
      await refreshBrowserCopy(publicUrl, slot.kind).catch((failure: unknown) => console.warn("Refreshing this browser's copy of the site media failed:", failure));
      showReplacement.current = true;
      showToast({
        kind: 'success',
        title: fill(copy.replaced, { label }),
        description: fill(copy.replacedText, { name: file.name, minutes: minutesOf(currentMaxAge ?? 0) }),
      });
      setCurrentFailed(false);
      discard();
      onReplaced();
      return;
    }
    if (result.kind === 'cancelled') showToast({ kind: 'error', title: copy.cancelled, description: copy.cancelledText });
    else {
      console.error('Replacing the site media failed:', result.message);
      showToast({ kind: 'error', title: copy.failed, description: copy.failedText });
    }
    // The picked file stays: the admin can try again.
    setPhase({ kind: 'ready', file, url, contentType });
  }

  return (
    <section aria-labelledby={`${id}-label`} className="flex h-full flex-col gap-4 rounded-xl border border-line bg-white p-4 sm:p-5">
      <div>
        <h4 id={`${id}-label`} className="text-lg font-bold">
          {label}
        </h4>
        <p className="mt-1 text-sm text-ink-muted">{description}</p>
        <p className="mt-1 break-all font-mono text-xs text-ink-soft">{slot.path}</p>
      </div>

      <div className={picked ? 'grid gap-4 sm:grid-cols-2' : ''}>
        <div>
          <p className="text-sm font-semibold text-ink-soft">{copy.current}</p>
          {stored ? (
            <div className="mt-2">
              {currentFailed ? (
                <p className="rounded-lg border border-dashed border-line p-4 text-sm text-ink-muted">{copy.previewFailed}</p>
              ) : (
                <MediaPreview kind={slot.kind} src={currentUrl} alt={label} label={`${copy.current}: ${label}`} onFail={() => setCurrentFailed(true)} />
              )}
              <p className="mt-2 text-xs text-ink-muted">
                {fill(copy.details, { type: metadata?.mimetype ?? '', size: formatFileSize(metadata?.size), date: formatDateTime(stored.updated_at) })}
              </p>
              <p className="mt-1 text-xs text-ink-muted">{currentMaxAge ? fill(copy.currentCache, { minutes: minutesOf(currentMaxAge) }) : copy.currentNoCache}</p>
            </div>
          ) : (
            <p className="mt-2 rounded-lg border border-dashed border-line p-4 text-sm text-ink-muted">{fill(copy.missing, { fallback: copy.fallbacks[slot.kind] })}</p>
          )}
        </div>

        {picked && (
          <div>
            <p className="text-sm font-semibold text-ink-soft">{copy.newFile}</p>
            <div className="mt-2">
              <MediaPreview
                kind={slot.kind}
                src={picked.url}
                alt={picked.file.name}
                label={`${copy.newFile}: ${picked.file.name}`}
                onReady={() => setPhase((current) => (current.kind === 'checking' && current.url === picked.url ? { ...current, kind: 'ready' } : current))}
                onFail={() => {
                  if (phase.kind !== 'checking') return;
                  refuse(fill(slot.kind === 'video' ? copy.problems.videoUnplayable : copy.problems.imageUnplayable, { name: picked.file.name }));
                }}
              />
            </div>
            <p className="mt-2 break-all text-xs text-ink-muted">{fill(copy.newDetails, { name: picked.file.name, size: formatFileSize(picked.file.size) })}</p>
          </div>
        )}
      </div>

      <div className="mt-auto">
        <label htmlFor={`${id}-file`} className="block text-sm font-semibold text-ink">
          {copy.choose[slot.kind]}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={acceptFor(slot.kind)}
          disabled={uploading}
          aria-describedby={`${id}-hint`}
          className="mt-1 block w-full rounded-lg border border-ink-muted bg-white p-2 text-sm file:mr-3 file:min-h-10 file:rounded-full file:border-0 file:bg-sand file:px-4 file:font-semibold file:text-ink disabled:cursor-not-allowed disabled:bg-sand-light"
          onChange={choose}
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
          {fill(copy.hint[slot.kind], { limit: formatFileSize(rules.maxBytes) })}
        </p>
      </div>

      {phase.kind === 'checking' && (
        <p className="text-sm text-ink-muted" role="status">
          {copy.checking}
        </p>
      )}

      {phase.kind === 'uploading' && (
        <div>
          <ProgressBar label={fill(copy.progressLabel, { label })} percent={phase.percent} />
          <p className="mt-2 text-sm text-ink-soft">{copy.keptNote}</p>
          {phase.resumed && (
            <p className="mt-1 text-sm text-ink-soft" role="status">
              {copy.resumed}
            </p>
          )}
        </div>
      )}

      {(phase.kind === 'ready' || phase.kind === 'uploading') && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-strong" disabled={uploading} onClick={() => void replace()}>
            {uploading ? copy.uploading : fill(copy.replace, { label })}
          </button>
          {phase.kind === 'ready' && (
            <button type="button" className="btn btn-outline" onClick={discard}>
              {copy.discard}
            </button>
          )}
          {phase.kind === 'uploading' && phase.cancel && (
            <button type="button" className="btn btn-outline" onClick={() => phase.cancel?.abort()}>
              {copy.cancel}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
