import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { inlineScript } from '~/build/inline-script';
import { TRACKING_STORAGE_KEY } from '~/lib/tracking/attribution';

const ATTRIBUTION = 'src/scripts/attribution-early.ts';

/** A page at `url` whose <head> runs `source` as a browser runs `<script>…</script>`. */
function pageRunning(source: string, url: string) {
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url, runScripts: 'dangerously' });
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

  it('the inlined attribution records an ad visit and sets _fbc when run as a page script', async () => {
    const landing = 'https://coach.test/?fbclid=AbC123&utm_source=facebook&utm_campaign=spring';
    const win = pageRunning(await inlineScript(ATTRIBUTION), landing);
    const record = JSON.parse(win.sessionStorage.getItem(TRACKING_STORAGE_KEY) ?? 'null');
    expect(record).toMatchObject({ fbclid: 'AbC123', utm_source: 'facebook', utm_campaign: 'spring', gclid: null, landing_page: landing });
    expect(win.document.cookie).toMatch(/_fbc=fb\.1\.\d+\.AbC123/);
  });

  it('names the entry when it cannot be bundled', async () => {
    await expect(inlineScript('src/scripts/no-such-entry.ts')).rejects.toThrow(/no-such-entry/);
  });
});
