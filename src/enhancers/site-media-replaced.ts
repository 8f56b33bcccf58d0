/**
 * A tab of the site left open while the coach replaced the logo in the admin of the same browser.
 * The admin writes the replacement under REPLACED_KEY in localStorage, which other tabs of the site
 * hear as a `storage` event (src/features/admin/assets/site-media-refresh.ts: same key, no shared
 * module). This tab then asks for the logo past its cache (its renderer keeps serving the image it
 * has shown, over a reload too, until a request goes past the cache) and shows the new version.
 * Other visitors' browsers never get the event.
 */
export const REPLACED_KEY = 'site_media_replaced';

interface Replacement {
  id: string;
  url: string;
  src: string;
}

function readReplacement(value: string | null): Replacement | null {
  try {
    const note = JSON.parse(value ?? 'null') as Partial<Replacement> | null;
    if (typeof note?.id !== 'string' || typeof note.url !== 'string' || typeof note.src !== 'string') return null;
    // Only the stored version of the same file: `<public URL>?v=<version>`.
    return note.src.startsWith(`${note.url}?v=`) ? (note as Replacement) : null;
  } catch {
    return null;
  }
}

/** Follows replacements from now on; returns a way to stop. */
export function followReplacements(doc: Document, win: Window = window): () => void {
  const stop = new AbortController();
  win.addEventListener(
    'storage',
    (event) => {
      if (event.key !== REPLACED_KEY) return;
      const note = readReplacement(event.newValue);
      if (!note) return;
      const images = [...doc.querySelectorAll<HTMLImageElement>(`img[data-site-media="${note.id}"]`)].filter(
        (img) => img.getAttribute('src')?.split('?')[0] === note.url,
      );
      if (images.length === 0) return;
      win.fetch(note.url, { cache: 'reload' }).catch(() => undefined);
      for (const img of images) img.src = note.src;
    },
    { signal: stop.signal },
  );
  return () => stop.abort();
}
