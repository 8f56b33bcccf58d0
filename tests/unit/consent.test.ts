// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyConsentToCookies, readVisit } from '~/features/tracking/attribution-cookies';
import { adsAllowed, externalId, readConsent, saveChoice } from '~/features/consent/page-consent';
import { panelMode } from '~/features/consent/privacy-choices';
import {
  CHOICE_MAX_AGE_MS,
  CONSENT_CHANGE_EVENT,
  CONSENT_STORAGE_KEY,
  consentState,
  cookieDeletions,
  cookieDomains,
  EXTERNAL_ID_PATTERN,
  EXTERNAL_ID_STORAGE_KEY,
  externalIdFor,
  parseChoice,
  type ConsentState,
  type IdStore,
} from '~/features/consent/consent';
import { installPixel, setPixelConsent, type Fbq } from '~/features/tracking/pixel';
import { TRACKING_STORAGE_KEY } from '~/features/tracking/attribution';

const NOW = 1_800_000_000_000;

describe('consent rules', () => {
  it('Global Privacy Control refuses, whatever the policy or an earlier choice', () => {
    for (const policy of ['opt-in', 'opt-out'] as const) {
      for (const choice of [null, { ads: 'granted' as const, at: NOW }]) {
        expect(consentState({ policy, choice, gpc: true })).toEqual({ ads: 'denied', by: 'gpc', ask: false });
      }
    }
  });

  it("the visitor's choice wins over the policy", () => {
    expect(consentState({ policy: 'opt-in', choice: { ads: 'granted', at: NOW }, gpc: false })).toEqual({ ads: 'granted', by: 'choice', ask: false });
    expect(consentState({ policy: 'opt-out', choice: { ads: 'denied', at: NOW }, gpc: false })).toEqual({ ads: 'denied', by: 'choice', ask: false });
  });

  it('without a choice: opt-in is off and asks, opt-out is on and does not ask', () => {
    expect(consentState({ policy: 'opt-in', choice: null, gpc: false })).toEqual({ ads: 'denied', by: 'policy', ask: true });
    expect(consentState({ policy: 'opt-out', choice: null, gpc: false })).toEqual({ ads: 'granted', by: 'policy', ask: false });
  });

  it('a stored choice counts for a year; malformed, future or older ones do not', () => {
    expect(parseChoice(JSON.stringify({ ads: 'granted', at: NOW - 1000 }), NOW)).toEqual({ ads: 'granted', at: NOW - 1000 });
    expect(parseChoice(JSON.stringify({ ads: 'denied', at: NOW - CHOICE_MAX_AGE_MS }), NOW)).toEqual({ ads: 'denied', at: NOW - CHOICE_MAX_AGE_MS });
    expect(parseChoice(JSON.stringify({ ads: 'denied', at: NOW - CHOICE_MAX_AGE_MS - 1 }), NOW)).toBeNull();
    expect(parseChoice(JSON.stringify({ ads: 'granted', at: NOW + 60_000 }), NOW)).toBeNull();
    for (const raw of [null, '', '{', 'null', '{"ads":"yes","at":1}', '{"ads":"granted"}', '{"ads":"granted","at":"1"}']) {
      expect(parseChoice(raw, NOW), String(raw)).toBeNull();
    }
  });

  it('deletes a cookie on the host and each parent domain but the top level', () => {
    expect(cookieDomains('www.kaylareyes.coach')).toEqual(['www.kaylareyes.coach', 'kaylareyes.coach']);
    expect(cookieDomains('localhost')).toEqual([]);
    expect(cookieDomains('127.0.0.1')).toEqual([]);
    expect(cookieDeletions('_fbp', 'kaylareyes.coach')).toEqual(['_fbp=; Max-Age=0; Path=/', '_fbp=; Max-Age=0; Path=/; Domain=.kaylareyes.coach']);
  });

  it('the panel shows the parts of its state', () => {
    const state = (over: Partial<ConsentState>): ConsentState => ({ ads: 'denied', by: 'policy', ask: false, ...over });
    expect(panelMode(state({ ask: true }))).toBe('ask');
    expect(panelMode(state({ by: 'gpc' }))).toBe('gpc');
    expect(panelMode(state({ by: 'choice', ads: 'granted' }))).toBe('granted');
    expect(panelMode(state({ by: 'choice' }))).toBe('denied');
  });
});

describe('the external id', () => {
  /** A fake localStorage; `refuse` makes every call throw, as a browser with storage disabled. */
  const fakeStore = (refuse = false) => {
    const items = new Map<string, string>();
    const guard = () => {
      if (refuse) throw new DOMException('refused', 'SecurityError');
    };
    const store: IdStore = {
      getItem: (key) => (guard(), items.get(key) ?? null),
      setItem: (key, value) => (guard(), void items.set(key, value)),
      removeItem: (key) => (guard(), void items.delete(key)),
    };
    return { store, items };
  };
  let made = 0;
  const newId = () => `id-${++made}`;

  it('with consent: made once, kept beside the choice and reused', () => {
    const { store, items } = fakeStore();
    const id = externalIdFor('granted', store, newId);
    expect(id).toMatch(EXTERNAL_ID_PATTERN);
    expect(items.get(EXTERNAL_ID_STORAGE_KEY)).toBe(id);
    expect(externalIdFor('granted', store, newId)).toBe(id);
  });

  it('without consent: none, and a kept one is deleted; consent again makes a new one', () => {
    const { store, items } = fakeStore();
    const first = externalIdFor('granted', store, newId);
    expect(externalIdFor('denied', store, newId)).toBeNull();
    expect(items.has(EXTERNAL_ID_STORAGE_KEY)).toBe(false);
    const second = externalIdFor('granted', store, newId);
    expect(second).not.toBe(first);
    expect(externalIdFor('granted', store, newId, true)).not.toBe(second);
  });

  it('replaces a kept value that is not a valid id, and never makes an invalid one', () => {
    const { store, items } = fakeStore();
    items.set(EXTERNAL_ID_STORAGE_KEY, 'has spaces and "quotes"');
    const id = externalIdFor('granted', store, newId);
    expect(id).toMatch(/^id-\d+$/);
    items.set(EXTERNAL_ID_STORAGE_KEY, 'x'.repeat(101));
    expect(externalIdFor('granted', store, newId)).toMatch(/^id-\d+$/);
    expect(() => externalIdFor('granted', fakeStore().store, () => 'not/valid')).toThrow(/does not match/);
  });

  it('a random UUID is a valid id', () => {
    expect(crypto.randomUUID()).toMatch(EXTERNAL_ID_PATTERN);
  });

  it('storage that refuses: an id for the moment, nothing thrown', () => {
    const { store } = fakeStore(true);
    expect(externalIdFor('granted', store, newId)).toMatch(EXTERNAL_ID_PATTERN);
    expect(externalIdFor('denied', store, newId)).toBeNull();
  });
});

describe('consent on the page', () => {
  const setGpc = (on: boolean) => Object.defineProperty(navigator, 'globalPrivacyControl', { value: on, configurable: true });
  const clearCookies = () => {
    for (const part of document.cookie.split(';')) {
      const name = part.split('=')[0]!.trim();
      if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
    }
  };

  beforeEach(() => {
    document.body.innerHTML = '<section id="privacy-choices" data-consent-policy="opt-in" hidden></section>';
    localStorage.clear();
    sessionStorage.clear();
    clearCookies();
    setGpc(false);
    delete (window as { fbq?: Fbq }).fbq;
    delete (window as { _fbq?: Fbq })._fbq;
    document.head.innerHTML = '';
  });
  afterEach(() => setGpc(false));

  it("reads the page's policy; a page without the panel is opt-in", () => {
    expect(readConsent()).toMatchObject({ ads: 'denied', ask: true });
    document.getElementById('privacy-choices')!.dataset.consentPolicy = 'opt-out';
    expect(adsAllowed()).toBe(true);
    document.body.innerHTML = '';
    expect(readConsent()).toMatchObject({ ads: 'denied', by: 'policy', ask: true });
  });

  it('saves a choice and tells the page', () => {
    const heard: ConsentState[] = [];
    addEventListener(CONSENT_CHANGE_EVENT, (event) => heard.push((event as CustomEvent<ConsentState>).detail), { once: true });
    expect(saveChoice('granted')).toEqual({ ads: 'granted', by: 'choice', ask: false });
    expect(heard).toEqual([{ ads: 'granted', by: 'choice', ask: false }]);
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY)!)).toMatchObject({ ads: 'granted' });
    setGpc(true);
    expect(adsAllowed()).toBe(false);
  });

  it('a browser that refuses storage: the answer still holds for the page', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'QuotaExceededError');
    });
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    try {
      expect(saveChoice('granted')).toEqual({ ads: 'granted', by: 'choice', ask: false });
      expect(adsAllowed()).toBe(true);
      const id = externalId();
      expect(id, 'one id for the page, for the pixel and the server event alike').toMatch(EXTERNAL_ID_PATTERN);
      expect(externalId()).toBe(id);
      saveChoice('denied');
      expect(externalId()).toBeNull();
    } finally {
      setItem.mockRestore();
      getItem.mockRestore();
    }
  });

  it('without consent a visit sets no _fbc and reads no _fbp, but keeps its campaign tags and click ids', () => {
    history.replaceState(null, '', '/?utm_source=ig&fbclid=IwAR-1&gbraid=0AAA-b&wbraid=Cjk_w');
    document.cookie = '_fbp=fb.1.1700000000000.123';
    const visit = readVisit();
    expect(visit).toMatchObject({ utm_source: 'ig', fbclid: 'IwAR-1', gbraid: '0AAA-b', wbraid: 'Cjk_w', fbp: null });
    expect(document.cookie).not.toContain('_fbc');
    saveChoice('granted');
    expect(readVisit().fbp).toBe('fb.1.1700000000000.123');
    expect(document.cookie).toMatch(/_fbc=fb\.1\.\d{13}\.IwAR-1/);
  });

  it("consent sets _fbc from the session's ad click; a refusal deletes Meta's cookies", () => {
    sessionStorage.setItem(
      TRACKING_STORAGE_KEY,
      JSON.stringify({
        timestamp: NOW,
        fbclid: 'IwAR-2',
        fbp: null,
        gclid: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_content: null,
        utm_term: null,
        referrer: null,
        landing_page: 'http://localhost/',
      }),
    );
    applyConsentToCookies(true);
    expect(document.cookie).toContain(`_fbc=fb.1.${NOW}.IwAR-2`);
    document.cookie = '_fbp=fb.1.1700000000000.123';
    applyConsentToCookies(false);
    expect(document.cookie).not.toContain('_fbc');
    expect(document.cookie).not.toContain('_fbp');
  });

  it("the pixel grants consent before init, and follows a later choice through Meta's consent API", () => {
    const fbq = installPixel(window, '1234567890', 'id-1')!;
    setPixelConsent(window, '1234567890', false, null);
    setPixelConsent(window, '1234567890', true, 'id-2');
    setPixelConsent(window, '1234567890', true, 'id-2');
    expect(fbq.queue).toEqual([
      ['consent', 'grant'],
      ['init', '1234567890', { external_id: 'id-1' }],
      ['track', 'PageView'],
      ['consent', 'revoke'],
      // Consent again comes with a new id: the running pixel is told it.
      ['consent', 'grant'],
      ['init', '1234567890', { external_id: 'id-2' }],
      ['consent', 'grant'],
    ]);
  });

  it('consent on a page where the pixel never loaded installs it; a refusal there loads nothing', () => {
    setPixelConsent(window, '1234567890', false, null);
    expect((window as { fbq?: Fbq }).fbq).toBeUndefined();
    setPixelConsent(window, '1234567890', true, 'id-3');
    expect((window as { fbq?: Fbq }).fbq?.queue.slice(0, 2)).toEqual([
      ['consent', 'grant'],
      ['init', '1234567890', { external_id: 'id-3' }],
    ]);
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });

  it('the external id: made when the visitor agrees, kept while consent holds, deleted by a refusal or GPC', () => {
    expect(externalId()).toBeNull();
    expect(localStorage.getItem(EXTERNAL_ID_STORAGE_KEY)).toBeNull();
    saveChoice('granted');
    const first = localStorage.getItem(EXTERNAL_ID_STORAGE_KEY);
    expect(first).toMatch(EXTERNAL_ID_PATTERN);
    expect(externalId()).toBe(first);
    saveChoice('granted');
    expect(externalId(), 'agreeing again while consent holds keeps the id').toBe(first);

    saveChoice('denied');
    expect(localStorage.getItem(EXTERNAL_ID_STORAGE_KEY)).toBeNull();
    expect(externalId()).toBeNull();
    saveChoice('granted');
    const second = externalId();
    expect(second).toMatch(EXTERNAL_ID_PATTERN);
    expect(second).not.toBe(first);

    setGpc(true);
    expect(externalId()).toBeNull();
    expect(localStorage.getItem(EXTERNAL_ID_STORAGE_KEY)).toBeNull();
  });

  it('opt-out: the id exists from the first consented page, without a choice', () => {
    document.getElementById('privacy-choices')!.dataset.consentPolicy = 'opt-out';
    const id = externalId();
    expect(id).toMatch(EXTERNAL_ID_PATTERN);
    expect(localStorage.getItem(EXTERNAL_ID_STORAGE_KEY)).toBe(id);
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
  });
});
