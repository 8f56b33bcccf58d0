/**
 * What a stored file is, for the cloud files list and the site media checks: a video, an image
 * or another file. The name's extension decides; a name without a known extension falls back to
 * the stored content type (`metadata.mimetype`).
 */
export type FileKind = 'video' | 'image' | 'file';

export const VIDEO_EXTENSIONS: ReadonlySet<string> = new Set(['mp4', 'webm', 'mov', 'avi', 'm4v']);
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'bmp', 'ico', 'heic', 'heif', 'tif', 'tiff']);

/** The extension after the last dot, lower case; '' when there is none. */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(name.split('/').pop() ?? '');
  return match ? match[1]!.toLowerCase() : '';
}

export function fileKind(name: string, mimetype?: string | null): FileKind {
  const extension = extensionOf(name);
  if (VIDEO_EXTENSIONS.has(extension)) return 'video';
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  const type = (mimetype ?? '').split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('image/')) return 'image';
  return 'file';
}
