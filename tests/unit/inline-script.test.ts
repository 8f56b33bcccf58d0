import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { inlineScript } from '~/integrations/inline-script';
import { DISPLAY_FONT_CLASS } from '~/enhancers/display-font';
import { FINISH_ATTRIBUTION_EVENT, TRACKING_STORAGE_KEY } from '~/features/tracking/attribution';

const ATTRIBUTION = 'src/features/tracking/attribution-early.ts';

/** A page at `url` whose <head> runs `source` as a browser runs `<script>…</script>`. */
/** A page whose consent policy is `policy` (the privacy choices panel carries it); opt-out: measurement on. */
const bodyWith = (policy: 'opt-in' | 'opt-out') => `<section id="privacy-choices" data-consent-policy="${policy}" hidden></section>`;

function pageRunning(source: string, url: string, beforeScripts: (win: JSDOM['window']) => void = () => {}, body = bodyWith('opt-out')) {
  const dom = new JSDOM(`<!doctype html><html><head></head><body>${body}</body></html>`, { url, runScripts: 'dangerously' });
  beforeScripts(dom.window);
  const script = dom.window.document.createElement('script');
  script.textContent = source;
  dom.window.document.head.append(script);
  return dom.window;
}

describe('inlineScript', () => {
  it('bundles the attribution entry into one classic script with no imports', async () => {
    const source = await inlineScript(ATTRIBUTION);
    expect(source).not.toMatch(/\bimport\s*[{("'*]|\bexport\s/);
    expect(source).not.toContain('</script');
    expect(source).toContain(TRACKING_STORAGE_KEY);
    expect(source.length).toBeLessThan(4000);
  });

  const landing = 'https://coach.test/?fbclid=AbC123&utm_source=facebook&utm_campaign=spring&utm_content=reel-2&utm_term=strength';
  const stored = (win: { sessionStorage: Storage }) => JSON.parse(win.sessionStorage.getItem(TRACKING_STORAGE_KEY) ?? 'null');
  const adVisit = {
    fbclid: 'AbC123',
    utm_source: 'facebook',
    utm_campaign: 'spring',
    utm_content: 'reel-2',
    utm_term: 'strength',
    gclid: null,
    gbraid: null,
    wbraid: null,
    landing_page: landing,
  };

  it('the inlined attribution records an ad visit and sets _fbc after load, not during the parse', async () => {
    const win = pageRunning(await inlineScript(ATTRIBUTION), landing);
    expect(stored(win)).toBeNull();
    win.dispatchEvent(new win.Event('load'));
    await vi.waitFor(() => expect(stored(win)).toMatchObject(adVisit));
    expect(win.document.cookie).toMatch(/_fbc=fb\.1\.\d+\.AbC123/);
  });

  it('without consent (opt-in, not answered yet) records the visit but sets no _fbc', async () => {
    const win = pageRunning(await inlineScript(ATTRIBUTION), landing, undefined, bodyWith('opt-in'));
    win.dispatchEvent(new win.Event('load'));
    await vi.waitFor(() => expect(stored(win)).toMatchObject(adVisit));
    expect(win.document.cookie).toBe('');
  });

  it('reads the cookies and writes the session storage in idle moments of their own', async () => {
    const idle: (() => void)[] = [];
    const win = pageRunning(await inlineScript(ATTRIBUTION), landing, (w) => {
      Object.assign(w, { requestIdleCallback: (run: () => void) => idle.push(run) });
    });
    expect(idle).toHaveLength(0);
    win.dispatchEvent(new win.Event('load'));
    expect(idle).toHaveLength(1);
    idle.shift()!();
    expect(win.document.cookie).toMatch(/_fbc=fb\.1\.\d+\.AbC123/);
    expect(stored(win)).toBeNull();
    expect(idle).toHaveLength(1);
    idle.shift()!();
    expect(stored(win)).toMatchObject(adVisit);
    expect(idle).toHaveLength(0);
  });

  it('left between the two steps, the page still stores the visit', async () => {
    const idle: (() => void)[] = [];
    const win = pageRunning(await inlineScript(ATTRIBUTION), landing, (w) => {
      Object.assign(w, { requestIdleCallback: (run: () => void) => idle.push(run) });
    });
    win.dispatchEvent(new win.Event('load'));
    idle.shift()!();
    win.dispatchEvent(new win.Event('pagehide'));
    expect(stored(win)).toMatchObject(adVisit);
    idle.shift()?.();
    expect(idle).toHaveLength(0);
  });

  it('records the visit when the page is left before that, once', async () => {
    const win = pageRunning(await inlineScript(ATTRIBUTION), landing);
    win.dispatchEvent(new win.Event('pagehide'));
    expect(stored(win)).toMatchObject(adVisit);
    win.sessionStorage.removeItem(TRACKING_STORAGE_KEY);
    win.dispatchEvent(new win.Event('load'));
    await new Promise((resolve) => win.setTimeout(resolve, 10));
    expect(stored(win)).toBeNull();
  });

  it('records the visit at once when a thank-you page asks, and never writes it again after it is cleared', async () => {
    const win = pageRunning(await inlineScript(ATTRIBUTION), landing);
    win.dispatchEvent(new win.Event(FINISH_ATTRIBUTION_EVENT));
    expect(stored(win)).toMatchObject(adVisit);
    win.sessionStorage.removeItem(TRACKING_STORAGE_KEY);
    win.dispatchEvent(new win.Event('load'));
    await new Promise((resolve) => win.setTimeout(resolve, 10));
    expect(stored(win)).toBeNull();
  });

  it("records Google's iOS click ids (gbraid, wbraid) without consent too, with the landing's time; a newer click replaces the record", async () => {
    const first = 'https://coach.test/?gclid=G1&utm_source=google';
    const win = pageRunning(await inlineScript(ATTRIBUTION), first, undefined, bodyWith('opt-in'));
    win.dispatchEvent(new win.Event('pagehide'));
    expect(stored(win)).toMatchObject({ gclid: 'G1', gbraid: null, wbraid: null, utm_source: 'google' });
    // The next landing, in the same tab, with an iOS web click.
    const next = pageRunning(await inlineScript(ATTRIBUTION), 'https://coach.test/guides?wbraid=CjkKCQ-w_1', (w) => {
      w.sessionStorage.setItem(TRACKING_STORAGE_KEY, win.sessionStorage.getItem(TRACKING_STORAGE_KEY)!);
    });
    const before = Date.now();
    next.dispatchEvent(new next.Event('pagehide'));
    const record = stored(next);
    expect(record).toMatchObject({ gclid: null, gbraid: null, wbraid: 'CjkKCQ-w_1', utm_source: null });
    expect(record.timestamp).toBeGreaterThanOrEqual(before);
    expect(win.document.cookie).toBe('');
  });

  it('records the visit when the page is hidden (a phone switching apps)', async () => {
    const win = pageRunning(await inlineScript(ATTRIBUTION), landing);
    Object.defineProperty(win.document, 'visibilityState', { value: 'hidden', configurable: true });
    win.document.dispatchEvent(new win.Event('visibilitychange'));
    expect(stored(win)).toMatchObject(adVisit);
  });

  it('names the entry when it cannot be bundled', async () => {
    await expect(inlineScript('src/enhancers/no-such-entry.ts')).rejects.toThrow(/no-such-entry/);
  });
});

describe('the display-font head script (inlined before the first paint)', () => {
  /** Runs the built head script in a page reached from `referrer`, as the head does. */
  async function usesFace(referrer: string) {
    const source = await inlineScript('src/enhancers/display-font-early.ts');
    const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
      url: 'https://coach.test/guides',
      ...(referrer ? { referrer } : {}),
      runScripts: 'dangerously',
    });
    const script = dom.window.document.createElement('script');
    script.textContent = source;
    dom.window.document.head.append(script);
    return dom.window.document.documentElement.classList.contains(DISPLAY_FONT_CLASS);
  }

  it('a page reached from another page of this site uses the face', async () => {
    expect(await usesFace('https://coach.test/')).toBe(true);
    expect(await usesFace('https://coach.test/thank-you?x=1')).toBe(true);
  });

  it('a landing page (from an ad, a search, a look-alike host, or typed) keeps the fallback', async () => {
    for (const referrer of ['https://l.facebook.com/', 'https://coach.test.evil.example/', '']) {
      expect(await usesFace(referrer)).toBe(false);
    }
  });
});

describe('the preview photo script (inlined right after the photo frame)', () => {
  it('chooses one of the photos for the frame right before it, as the page runs it', async () => {
    const source = await inlineScript('src/enhancers/random-photo-early.ts');
    const choices = [
      { src: '/a.webp', srcset: '/a-400.webp 400w', alt: 'Photo A' },
      { src: '/c.webp', srcset: '/c-400.webp 400w', alt: 'Photo C' },
    ];
    const dom = new JSDOM(
      `<!doctype html><body><div data-random-photo data-choices='${JSON.stringify(choices)}' data-width="800" data-height="1000"><noscript><img src="/a.webp" alt="Photo A"></noscript></div></body>`,
      { runScripts: 'dangerously' },
    );
    dom.window.Math.random = () => 0.9;
    const script = dom.window.document.createElement('script');
    script.textContent = source;
    dom.window.document.body.append(script);
    const img = dom.window.document.querySelector('[data-random-photo] img');
    expect(img?.getAttribute('src')).toBe('/c.webp');
    expect(img?.getAttribute('alt')).toBe('Photo C');
  });
});
