/**
 * After a replacement, the coach's own browser shows the new file at once; other visitors keep
 * their copy for its cache time (docs/admin.md).
 *
 * - This browser's HTTP cache: the public URL, exactly as the site's pages request it, is fetched
 *   with `cache: 'reload'`, which goes to storage and puts the answer in place of the copy cached
 *   before, so her site's pages get the new file on their next load. An image is read whole (the
 *   next page takes it from the cache); a video (up to 100 MB) is cut off once storage has
 *   answered: the old copy is gone all the same, and the player fetches the new one as it plays.
 * - This page: a document keeps showing an image it has loaded, whatever the cache holds, so the
 *   site's own images of the file on the admin page (the header's logo, `data-site-media`) are
 *   pointed at the stored version (`?v=<ETag>`), as the admin's previews are.
 * - Tabs of the site left open: their renderer keeps the image it showed (over a reload too), so
 *   the replacement is written under REPLACED_KEY in localStorage, which they hear as a `storage`
 *   event and follow (src/enhancers/site-media-replaced.ts: same key, no shared module).
 */
import type { SiteMediaId, SiteMediaKind } from './site-media';

export async function refreshBrowserCopy(publicUrl: string, kind: SiteMediaKind, fetcher: typeof fetch = fetch): Promise<void> {
  const response = await fetcher(publicUrl, { cache: 'reload' });
  if (kind === 'image') await response.arrayBuffer();
  else await response.body?.cancel();
}

export function showOnPage(root: ParentNode, id: SiteMediaId, src: string): void {
  for (const img of root.querySelectorAll<HTMLImageElement>(`img[data-site-media="${id}"]`)) img.src = src;
}

/** Same key as src/enhancers/site-media-replaced.ts. */
export const REPLACED_KEY = 'site_media_replaced';

export function announceReplacement(storage: Storage, id: SiteMediaId, publicUrl: string, src: string): void {
  try {
    storage.setItem(REPLACED_KEY, JSON.stringify({ id, url: publicUrl, src }));
  } catch {
    // Storage refused (private mode, full): open tabs keep their copy until reloaded past it.
  }
}
