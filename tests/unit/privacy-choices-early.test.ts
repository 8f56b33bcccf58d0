/**
 * The scripts the layout inlines right after the privacy choices panel, as a browser runs them while
 * parsing: on pages that measure ads (src/features/tracking/measured-page-early.ts) the panel asks on
 * a first visit and the visit's attribution is armed; on the others (src/features/consent/privacy-room-early.ts)
 * it only keeps room. Both keep the panel's height for the page (a ResizeObserver: jsdom has none,
 * so the test gives one that records what it observes).
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { inlineScript } from '~/integrations/inline-script';
import { CONSENT_STORAGE_KEY } from '~/features/consent/consent';
import { PANEL_HEIGHT_PROPERTY } from '~/features/consent/privacy-panel';
import { TRACKING_STORAGE_KEY } from '~/features/tracking/attribution';

const MEASURED = 'src/features/tracking/measured-page-early.ts';
const ROOM_ONLY = 'src/features/consent/privacy-room-early.ts';

interface PageOptions {
  policy?: 'opt-in' | 'opt-out';
  ask?: boolean;
  storedChoice?: string;
  gpc?: boolean;
  url?: string;
}

/** A page with the panel, then the script right after it, as the layout writes them. */
async function pageWith(entry: string, { policy = 'opt-in', ask = true, storedChoice, gpc = false, url = 'https://coach.test/guides' }: PageOptions = {}) {
  const panel = `<section id="privacy-choices" data-consent-policy="${policy}" ${ask ? 'data-ask' : ''} hidden>
    <p data-when="granted" hidden>On</p><p data-when="denied" hidden>Off</p><p data-when="gpc" hidden>GPC</p>
    <button data-choice="granted" data-when="ask granted denied">Accept</button><button data-close-privacy-choices data-when="granted denied gpc">Close</button>
  </section>`;
  const dom = new JSDOM(`<!doctype html><html><head></head><body><a href="#main">Skip</a>${panel}<main id="main"></main></body></html>`, {
    url,
    runScripts: 'dangerously',
  });
  const win = dom.window;
  const observed: { target: Element; measure: () => void }[] = [];
  class RecordingResizeObserver {
    constructor(private readonly callback: () => void) {}
    observe(target: Element) {
      observed.push({ target, measure: this.callback });
    }
  }
  Object.assign(win, { ResizeObserver: RecordingResizeObserver });
  if (storedChoice !== undefined) win.localStorage.setItem(CONSENT_STORAGE_KEY, storedChoice);
  if (gpc) Object.defineProperty(win.navigator, 'globalPrivacyControl', { value: true });
  const script = win.document.createElement('script');
  script.textContent = await inlineScript(entry);
  win.document.getElementById('privacy-choices')!.after(script);
  const panelElement = win.document.getElementById('privacy-choices')!;
  const shown = (selector: string) => !panelElement.querySelector<HTMLElement>(selector)!.hidden;
  return { win, panel: panelElement, observed, shown };
}

describe('the script after the privacy choices panel, on a page that measures ads', () => {
  it('asks on a first visit under the opt-in policy: the panel and its question show before the first paint', async () => {
    const { panel, shown } = await pageWith(MEASURED);
    expect(panel.hidden).toBe(false);
    expect(shown('[data-choice="granted"]')).toBe(true);
    expect(shown('[data-close-privacy-choices]')).toBe(false);
    expect(shown('[data-when="granted"]')).toBe(false);
  });

  it('does not ask after an answer, under Global Privacy Control, under opt-out, or on a page that does not ask', async () => {
    const answer = JSON.stringify({ ads: 'denied', at: Date.now() - 1000 });
    for (const options of [{ storedChoice: answer }, { gpc: true }, { policy: 'opt-out' as const }, { ask: false }]) {
      const { panel } = await pageWith(MEASURED, options);
      expect(panel.hidden, JSON.stringify(options)).toBe(true);
    }
  });

  it('asks again when the stored answer is malformed or over a year old', async () => {
    for (const storedChoice of ['{"ads":"maybe"}', JSON.stringify({ ads: 'granted', at: Date.now() - 400 * 24 * 3600 * 1000 }), 'not json']) {
      const { panel } = await pageWith(MEASURED, { storedChoice });
      expect(panel.hidden, storedChoice).toBe(false);
    }
  });

  it("keeps the panel's height for the page, measured when the observer answers", async () => {
    const { win, panel, observed } = await pageWith(MEASURED);
    expect(observed.map(({ target }) => target)).toEqual([panel]);
    Object.defineProperty(panel, 'offsetHeight', { value: 117 });
    observed[0]!.measure();
    expect(win.document.documentElement.style.getPropertyValue(PANEL_HEIGHT_PROPERTY)).toBe('117px');
  });

  it("arms the visit's attribution in the same script: an ad visit left at once is kept", async () => {
    const { win } = await pageWith(MEASURED, { url: 'https://coach.test/?fbclid=AbC123&utm_source=facebook' });
    win.dispatchEvent(new win.Event('pagehide'));
    expect(JSON.parse(win.sessionStorage.getItem(TRACKING_STORAGE_KEY) ?? 'null')).toMatchObject({ fbclid: 'AbC123', utm_source: 'facebook' });
  });
});

describe('the script after the privacy choices panel, on a page that never asks', () => {
  it('never shows the panel, and keeps its height once it is opened', async () => {
    const { win, panel, observed } = await pageWith(ROOM_ONLY, { ask: false });
    expect(panel.hidden).toBe(true);
    expect(observed.map(({ target }) => target)).toEqual([panel]);
    Object.defineProperty(panel, 'offsetHeight', { value: 0, configurable: true });
    observed[0]!.measure();
    expect(win.document.documentElement.style.getPropertyValue(PANEL_HEIGHT_PROPERTY)).toBe('0px');
  });

  it('carries neither the consent rules nor the attribution', async () => {
    const source = await inlineScript(ROOM_ONLY);
    expect(source).not.toContain(CONSENT_STORAGE_KEY);
    expect(source).not.toContain(TRACKING_STORAGE_KEY);
    expect(source.length).toBeLessThan(400);
  });
});
