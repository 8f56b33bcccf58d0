// @vitest-environment jsdom
/**
 * After a replacement, the admin's browser shows the new file at once: the admin's side
 * (src/features/admin/assets/site-media-refresh.ts) and the pages' side for a tab of the site left
 * open (src/enhancers/site-media-replaced.ts) share no module, so these tests hold them together.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPLACED_KEY, announceReplacement, refreshBrowserCopy, showOnPage } from '~/features/admin/assets/site-media-refresh';
import { REPLACED_KEY as PAGE_KEY, followReplacements } from '~/enhancers/site-media-replaced';

const URL_OF = 'https://project.supabase.co/storage/v1/object/public/videos/brand/logo.png';

/** A fetch that records its calls and answers with a body that records whether it was read or cancelled. */
function recordingFetch() {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const body = { read: false, cancelled: false };
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        body.read = true;
        controller.enqueue(new Uint8Array([1, 2, 3]));
        controller.close();
      },
      cancel() {
        body.cancelled = true;
      },
    });
    return new Response(stream, { status: 200 });
  }) as typeof fetch;
  return { fetcher, calls, body };
}

describe("refreshing this browser's copy", () => {
  it('asks for the public URL exactly as the pages do, past the cache, and reads an image whole', async () => {
    const { fetcher, calls, body } = recordingFetch();
    await refreshBrowserCopy(URL_OF, 'image', fetcher);
    expect(calls).toEqual([{ url: URL_OF, init: { cache: 'reload' } }]);
    expect(body).toEqual({ read: true, cancelled: false });
  });

  it('stops a video once storage has answered: the old copy is replaced all the same, without downloading it again', async () => {
    const { fetcher, calls, body } = recordingFetch();
    await refreshBrowserCopy(URL_OF.replace('brand/logo.png', 'hero/hero-desktop.mp4'), 'video', fetcher);
    expect(calls[0]?.init).toEqual({ cache: 'reload' });
    expect(body.cancelled).toBe(true);
  });
});

describe('showing the new file on this page', () => {
  it("points the site's own images of that file at the new version, and nothing else", () => {
    document.body.innerHTML = `
      <header><img src="${URL_OF}" data-site-media="logo" alt="Kayla Reyes Coaching"></header>
      <img src="/brand/logo-fallback.svg" data-site-media="logo" alt="fallen back">
      <img src="${URL_OF}" alt="another image of the same file">`;
    showOnPage(document, 'logo', `${URL_OF}?v=abc`);
    expect([...document.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([`${URL_OF}?v=abc`, `${URL_OF}?v=abc`, URL_OF]);
  });
});

describe('a tab of the site left open in the same browser', () => {
  const HEADER = `<header><img src="${URL_OF}" data-site-media="logo" alt="Kayla Reyes Coaching"></header>`;
  /** What another tab receives when the admin writes the key. */
  const storageEvent = (key: string, newValue: string | null) => new StorageEvent('storage', { key, newValue });

  afterEach(() => {
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it('uses the same key on both sides; the admin writes the file, its public URL and the version to show', () => {
    expect(PAGE_KEY).toBe(REPLACED_KEY);
    announceReplacement(localStorage, 'logo', URL_OF, `${URL_OF}?v=abc`);
    expect(JSON.parse(localStorage.getItem(REPLACED_KEY)!)).toEqual({ id: 'logo', url: URL_OF, src: `${URL_OF}?v=abc` });
  });

  it("refreshes that tab's own copy of the logo past the cache, and shows the new version", () => {
    document.body.innerHTML = HEADER;
    const fetcher = vi.fn(async () => new Response('x'));
    const win = { addEventListener: window.addEventListener.bind(window), fetch: fetcher } as unknown as Window;
    const stop = followReplacements(document, win);
    try {
      window.dispatchEvent(storageEvent(REPLACED_KEY, JSON.stringify({ id: 'logo', url: URL_OF, src: `${URL_OF}?v=abc` })));
      expect(fetcher).toHaveBeenCalledWith(URL_OF, { cache: 'reload' });
      expect(document.querySelector('img')?.getAttribute('src')).toBe(`${URL_OF}?v=abc`);
    } finally {
      stop();
    }
  });

  it('ignores other keys, a note it cannot read, and an address that is not its logo', () => {
    document.body.innerHTML = HEADER;
    const fetcher = vi.fn(async () => new Response('x'));
    const win = { addEventListener: window.addEventListener.bind(window), fetch: fetcher } as unknown as Window;
    const stop = followReplacements(document, win);
    try {
      window.dispatchEvent(storageEvent('other', JSON.stringify({ id: 'logo', url: URL_OF, src: `${URL_OF}?v=abc` })));
      window.dispatchEvent(storageEvent(REPLACED_KEY, '{'));
      window.dispatchEvent(storageEvent(REPLACED_KEY, null));
      window.dispatchEvent(storageEvent(REPLACED_KEY, JSON.stringify({ id: 'logo', url: 'https://evil.example/x.png', src: 'https://evil.example/x.png' })));
      window.dispatchEvent(storageEvent(REPLACED_KEY, JSON.stringify({ id: 'logo', url: URL_OF, src: 'https://evil.example/x.png' })));
      expect(fetcher).not.toHaveBeenCalled();
      expect(document.querySelector('img')?.getAttribute('src')).toBe(URL_OF);
    } finally {
      stop();
    }
  });
});
