// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, READY_ATTRIBUTE, REPLAY_SELECTOR, loaderScript, startPageScripts } from '../../scripts/deferred-scripts/loader.mjs';
import { deferModuleScripts } from '../../scripts/defer-scripts.mjs';

const ready = () => document.documentElement.getAttribute(READY_ATTRIBUTE);
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

/** Starts the loader with a recording module loader; `fail` lists URLs that fail to load. */
function start(urls: string[], fail: string[] = []) {
  const loaded: string[] = [];
  startPageScripts(urls, REPLAY_SELECTOR, MAX_WAIT_MS, READY_ATTRIBUTE, (url: string) => {
    loaded.push(url);
    return fail.includes(url) ? Promise.reject(new Error('offline')) : Promise.resolve();
  });
  return loaded;
}

afterEach(() => {
  document.documentElement.removeAttribute(READY_ATTRIBUTE);
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the page scripts loader', () => {
  it('starts the scripts after the loaded page has drawn a frame, not during the call', async () => {
    expect(document.readyState).toBe('complete');
    const loaded = start(['/_astro/a.js', '/_astro/b.js']);
    expect(loaded).toEqual([]);
    await settle();
    expect(loaded).toEqual(['/_astro/a.js', '/_astro/b.js']);
    expect(ready()).toBe('ready');
  });

  it('holds an early click on a booking button, starts at once and replays it when the scripts ran', async () => {
    document.body.innerHTML = '<a href="#contact" data-open-booking>START YOUR JOURNEY</a>';
    const link = document.querySelector('a')!;
    const seen: boolean[] = [];
    const loaded = start(['/_astro/a.js']);
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(loaded).toEqual(['/_astro/a.js']);
    // What the page script would add: its own click handler.
    link.addEventListener('click', (event) => {
      seen.push(event.isTrusted);
      event.preventDefault();
    });
    await settle();
    expect(seen).toEqual([false]);
    expect(loaded).toEqual(['/_astro/a.js']);
  });

  it('runs the scripts one after the other, each in a task of its own', async () => {
    document.body.innerHTML = '<button type="button" data-open-booking>Book</button>';
    const loaded = start(['/_astro/a.js', '/_astro/b.js', '/_astro/c.js']);
    document.querySelector('button')!.click();
    expect(loaded).toEqual(['/_astro/a.js']);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(loaded).toEqual(['/_astro/a.js']);
    await settle();
    expect(loaded).toEqual(['/_astro/a.js', '/_astro/b.js', '/_astro/c.js']);
    expect(ready()).toBe('ready');
  });

  it('leaves other clicks alone, and clicks inside a hydrated island', () => {
    document.body.innerHTML = `<a href="/guides">Guides</a><astro-island><button type="button">Pause</button></astro-island>`;
    start(['/_astro/a.js']);
    for (const element of document.querySelectorAll('a, button')) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      if (element.tagName === 'A') element.addEventListener('click', (event) => event.preventDefault(), { once: true });
      element.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(element.tagName === 'A');
    }
  });

  it('logs a script that cannot load, and still replays the click (a link stays a link)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    document.body.innerHTML = '<button type="button" data-open-screener>Find your supplements</button>';
    const button = document.querySelector('button')!;
    let replayed = 0;
    start(['/_astro/a.js', '/_astro/b.js'], ['/_astro/b.js']);
    button.click();
    button.addEventListener('click', () => (replayed += 1));
    await settle();
    expect(replayed).toBe(1);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('/_astro/b.js'), expect.any(Error));
    expect(ready()).toBe('ready');
  });

  it('serializes into a self-contained script', () => {
    const source = loaderScript(['/_astro/a.js']);
    expect(source).toContain('["/_astro/a.js"]');
    expect(() => new Function(source)).not.toThrow();
  });
});

describe('deferModuleScripts', () => {
  it('replaces the module scripts by one loader at the end of the body, in document order, once each', () => {
    const page = `<html><head><script type="module" src="/_astro/tracking.js"></script><script type="application/ld+json">{}</script></head>
      <body><p>Hi</p><script>island()</script><script type="module" src="/_astro/page.js"></script><script type="module" src="/_astro/tracking.js"></script></body></html>`;
    const { html, urls } = deferModuleScripts(page);
    expect(urls).toEqual(['/_astro/tracking.js', '/_astro/page.js', '/_astro/tracking.js']);
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<script type="application/ld+json">{}</script>');
    expect(html).toContain('<script>island()</script>');
    expect(html).toMatch(/<script>\(function startPageScripts[\s\S]*\["\/_astro\/tracking.js","\/_astro\/page.js"\][\s\S]*<\/script><\/body><\/html>$/);
  });

  it('leaves a page without module scripts as it is', () => {
    const page = '<html><body><p>Hi</p></body></html>';
    expect(deferModuleScripts(page)).toEqual({ html: page, urls: [] });
  });
});
