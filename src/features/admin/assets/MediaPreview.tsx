/**
 * A preview of a video or an image: the stored file (by its public URL) or the one the admin
 * just picked (a blob: URL). `onReady` once the browser could open it (a video's metadata, an
 * image's pixels), `onFail` when it could not.
 */
import type { SiteMediaKind } from '~/features/admin/assets/site-media';

interface Props {
  kind: SiteMediaKind;
  src: string;
  /** The image's text alternative; a video is labelled by its card. */
  alt: string;
  label: string;
  onReady?: () => void;
  onFail?: () => void;
}

export default function MediaPreview({ kind, src, alt, label, onReady, onFail }: Props) {
  if (kind === 'image') {
    return (
      <div className="flex aspect-video items-center justify-center rounded-lg border border-line bg-sand-light p-3">
        <img src={src} alt={alt} className="max-h-full max-w-full object-contain" onLoad={onReady} onError={onFail} />
      </div>
    );
  }
  return (
    <video
      src={src}
      aria-label={label}
      className="aspect-video w-full rounded-lg bg-ink object-contain"
      controls
      muted
      playsInline
      preload="metadata"
      onLoadedMetadata={onReady}
      onError={onFail}
    />
  );
}
