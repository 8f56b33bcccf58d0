// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formEmbedUrl, loadScriptOnce, resetEmbedScripts } from '~/lib/embed-script';
import { installPixel, pagePixelId, pixelIdFrom, PIXEL_SCRIPT_URL, type Fbq } from '~/features/tracking/pixel';

beforeEach(() => {
  document.head.innerHTML = '';
  delete (window as { fbq?: Fbq }).fbq;
  delete (window as { _fbq?: Fbq })._fbq;
  resetEmbedScripts();
});
afterEach(() => vi.restoreAllMocks());

describe('Meta pixel', () => {
  it('loads nothing when no pixel id is configured', () => {
    expect(installPixel(window, pagePixelId(document), 'id-1')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect((window as { fbq?: Fbq }).fbq).toBeUndefined();
    expect(pixelIdFrom('')).toBeNull();
    expect(pixelIdFrom('abc')).toBeNull();
  });

  it('with an id: adds fbevents.js once and queues consent, init with the external id + PageView until it loads', () => {
    document.head.innerHTML = '<meta name="meta-pixel-id" content="1234567890">';
    const fbq = installPixel(window, pagePixelId(document), 'd5a3c1e2-0b7f-4c7e-9a59-2f1d0c9b8a77');
    expect(fbq).not.toBeNull();
    expect(installPixel(window, '1234567890', 'd5a3c1e2-0b7f-4c7e-9a59-2f1d0c9b8a77')).toBe(fbq);
    const scripts = document.querySelectorAll(`script[src="${PIXEL_SCRIPT_URL}"]`);
    expect(scripts).toHaveLength(1);
    fbq!('track', 'Lead', {}, { eventID: 'lead.1' });
    expect(fbq!.queue).toEqual([
      ['consent', 'grant'],
      ['init', '1234567890', { external_id: 'd5a3c1e2-0b7f-4c7e-9a59-2f1d0c9b8a77' }],
      ['track', 'PageView'],
      ['track', 'Lead', {}, { eventID: 'lead.1' }],
    ]);
    const calls: unknown[][] = [];
    fbq!.callMethod = (...args) => calls.push(args);
    fbq!('track', 'Schedule');
    expect(calls).toEqual([['track', 'Schedule']]);
  });
});

describe('loadScriptOnce', () => {
  const src = 'https://forms.test/js/form_embed.js';

  it('adds the script once and reuses it', async () => {
    const first = loadScriptOnce(document, src);
    const second = loadScriptOnce(document, src);
    expect(second).toBe(first);
    const scripts = document.querySelectorAll(`script[src="${src}"]`);
    expect(scripts).toHaveLength(1);
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
    expect(loadScriptOnce(document, src)).toBe(first);
  });

  it('forgets a failed load so the next call retries', async () => {
    const failed = loadScriptOnce(document, src);
    document.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(`could not load ${src}`);
    expect(document.querySelector('script')).toBeNull();
    const retry = loadScriptOnce(document, src);
    expect(retry).not.toBe(failed);
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });

  it('builds the form address from host and form id', () => {
    expect(formEmbedUrl('https://api.leadconnectorhq.com/', 'Ab12')).toBe('https://api.leadconnectorhq.com/widget/form/Ab12');
  });
});
