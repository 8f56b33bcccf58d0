/** One file of the cloud files list: its name, type, size and dates, then View, Download and Delete. */
import type { FileObject } from '@supabase/storage-js';
import { formatFileSize } from '~/features/admin/assets/assets';
import { fileKind } from '~/features/admin/assets/file-kind';
import { fill, formatDateTime } from '~/features/admin/text';
import { getSupabase } from '~/lib/supabase';
import type { AssetsCopy } from './schema';

interface Props {
  copy: AssetsCopy['cloud'];
  bucket: string;
  file: FileObject;
  /** The file's full path in the bucket. */
  path: string;
  busy: boolean;
  onDelete: () => void;
}

export default function CloudFileRow({ copy, bucket, file, path, busy, onDelete }: Props) {
  const metadata = (file.metadata ?? null) as { size?: number; mimetype?: string } | null;
  const storage = getSupabase().storage.from(bucket);
  const url = storage.getPublicUrl(path).data.publicUrl;
  const download = storage.getPublicUrl(path, { download: file.name }).data.publicUrl;
  return (
    <li className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0">
        <p className="break-all font-mono text-sm font-semibold">{file.name}</p>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-ink-muted">
          <span className="rounded-full bg-sand px-2 font-semibold text-ink-soft">{copy.types[fileKind(file.name, metadata?.mimetype)]}</span>
          <span>{formatFileSize(metadata?.size, copy.unknownSize)}</span>
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
        <button type="button" className="btn-chip btn-chip-danger" disabled={busy} aria-label={`${busy ? copy.deleting : copy.delete} ${file.name}`} onClick={onDelete}>
          {busy ? copy.deleting : copy.delete}
        </button>
      </div>
    </li>
  );
}
