import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { inlineScript } from '~/build/inline-script';
import { TRACKING_STORAGE_KEY } from '~/lib/tracking/attribution';

const ATTRIBUTION = 'src/scripts/attribution-early.ts';

/** A page at `url` whose <head> runs `source` as a browser runs `<script>…</script>`. */
function pageRunning(source: string, url: string, beforeScripts: (win: JSDOM['window']) => void = () => {}) {
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url, runScripts: 'dangerously' });
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

  const landing = 'https://coach.test/?fbclid=AbC123&utm_source=facebook&utm_campaign=spring';
  const stored = (win: { sessionStorage: Storage }) => JSON.parse(win.sessionStorage.getItem(TRACKING_STORAGE_KEY) ?? 'null');
  const adVisit = { fbclid: 'AbC123', utm_source: 'facebook', utm_campaign: 'spring', gclid: null, landing_page: landing };

  it('the inlined attribution records an ad visit and sets _fbc after load, not during the parse', async () => {
    const win = pageRunning(await inlineScript(ATTRIBUTION), landing);
    expect(stored(win)).toBeNull();
    win.dispatchEvent(new win.Event('load'));
    await vi.waitFor(() => expect(stored(win)).toMatchObject(adVisit));
    expect(win.document.cookie).toMatch(/_fbc=fb\.1\.\d+\.AbC123/);
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

  it('records the visit when the page is hidden (a phone switching apps)', async () => {
    const win = pageRunning(await inlineScript(ATTRIBUTION), landing);
    Object.defineProperty(win.document, 'visibilityState', { value: 'hidden', configurable: true });
    win.document.dispatchEvent(new win.Event('visibilitychange'));
    expect(stored(win)).toMatchObject(adVisit);
  });

  it('names the entry when it cannot be bundled', async () => {
    await expect(inlineScript('src/scripts/no-such-entry.ts')).rejects.toThrow(/no-such-entry/);
  });
});
