import { describe, expect, it } from 'vitest';
import {
  attributionFromVisit,
  fbcCookieFor,
  fbcValue,
  fbclidOfFbc,
  mergeAttribution,
  parseAttribution,
  readCookie,
  type PageVisit,
} from '~/features/tracking/attribution';

const visit = (over: Partial<PageVisit> = {}): PageVisit => ({
  url: 'https://kaylareyes.coach/',
  referrer: '',
  cookie: '',
  now: 1_700_000_000_000,
  ...over,
});

describe('attributionFromVisit', () => {
  it('reads click ids, UTM tags, the _fbp cookie, the referrer and the landing page', () => {
    const record = attributionFromVisit(
      visit({
        url: 'https://kaylareyes.coach/guides?utm_source=ig&utm_medium=paid&utm_campaign=spring&utm_content=reel-1&utm_term=coach&fbclid=AbC-12_x&gclid=G1',
        referrer: 'https://l.instagram.com/',
        cookie: 'a=1; _fbp=fb.1.1700000000000.123456789; b=2',
      }),
    );
    expect(record).toEqual({
      timestamp: 1_700_000_000_000,
      fbclid: 'AbC-12_x',
      fbp: 'fb.1.1700000000000.123456789',
      gclid: 'G1',
      gbraid: null,
      wbraid: null,
      utm_source: 'ig',
      utm_medium: 'paid',
      utm_campaign: 'spring',
      utm_content: 'reel-1',
      utm_term: 'coach',
      referrer: 'https://l.instagram.com/',
      landing_page: 'https://kaylareyes.coach/guides?utm_source=ig&utm_medium=paid&utm_campaign=spring&utm_content=reel-1&utm_term=coach&fbclid=AbC-12_x&gclid=G1',
    });
  });

  it('uses null for what is absent or blank, and clips very long values', () => {
    const record = attributionFromVisit(visit({ url: `https://x.test/?utm_source=%20%20&fbclid=${'a'.repeat(900)}&wbraid=${'w'.repeat(5000)}` }));
    expect(record.utm_source).toBeNull();
    expect(record.referrer).toBeNull();
    expect(record.fbclid).toHaveLength(500);
    expect(record.wbraid).toHaveLength(500);
  });

  it("reads Google's iOS click ids, gbraid and wbraid, as it reads gclid", () => {
    const record = attributionFromVisit(visit({ url: 'https://x.test/?gbraid=0AAAAA-b_1&wbraid=CjkKCQ%2Bw' }));
    expect(record).toMatchObject({ gclid: null, gbraid: '0AAAAA-b_1', wbraid: 'CjkKCQ+w', timestamp: 1_700_000_000_000 });
  });
});

describe('mergeAttribution', () => {
  const first = attributionFromVisit(visit({ url: 'https://x.test/?utm_source=google&gclid=G1', now: 1 }));

  it('keeps the first landing of the session', () => {
    const later = attributionFromVisit(visit({ url: 'https://x.test/guides?utm_source=newsletter', now: 2 }));
    expect(mergeAttribution(first, later)).toBe(first);
  });

  it('starts a record when there is none', () => {
    expect(mergeAttribution(null, first)).toBe(first);
  });

  it('replaces the record when a new click id arrives', () => {
    const fb = attributionFromVisit(visit({ url: 'https://x.test/?fbclid=F1', now: 3 }));
    expect(mergeAttribution(first, fb)).toBe(fb);
    const otherGclid = attributionFromVisit(visit({ url: 'https://x.test/?gclid=G2', now: 4 }));
    expect(mergeAttribution(first, otherGclid)).toBe(otherGclid);
  });

  it('does not treat the same click id again (a reload) as new', () => {
    const reload = attributionFromVisit(visit({ url: 'https://x.test/?gclid=G1', now: 5 }));
    expect(mergeAttribution(first, reload)).toBe(first);
  });

  it('replaces the record for a new gbraid or wbraid too: the newer click wins, whatever its kind', () => {
    const gbraid = attributionFromVisit(visit({ url: 'https://x.test/?gbraid=GB1', now: 7 }));
    const afterGbraid = mergeAttribution(first, gbraid);
    expect(afterGbraid).toBe(gbraid);
    expect(afterGbraid.gclid, 'the older click goes with its record').toBeNull();
    const wbraid = attributionFromVisit(visit({ url: 'https://x.test/?wbraid=WB1', now: 8 }));
    expect(mergeAttribution(afterGbraid, wbraid)).toBe(wbraid);
    const reload = attributionFromVisit(visit({ url: 'https://x.test/?wbraid=WB1', now: 9 }));
    expect(mergeAttribution(wbraid, reload)).toBe(wbraid);
  });

  it('keeps the time of the landing that brought the click: later pages and the _fbp fill-in leave it', () => {
    const clicked = mergeAttribution(first, attributionFromVisit(visit({ url: 'https://x.test/?gbraid=GB1', now: 10_000 })));
    let record = clicked;
    for (const [url, now] of [
      ['https://x.test/guides', 20_000],
      ['https://x.test/?gbraid=GB1', 30_000],
    ] as const) {
      record = mergeAttribution(record, attributionFromVisit(visit({ url, cookie: '_fbp=fb.1.1.2', now })));
    }
    expect(record).toEqual({ ...clicked, fbp: 'fb.1.1.2' });
    expect(record.timestamp).toBe(10_000);
  });

  it('fills in _fbp once the pixel has set it, keeping the first landing', () => {
    const withFbp = attributionFromVisit(visit({ url: 'https://x.test/guides', cookie: '_fbp=fb.1.1.2', now: 6 }));
    expect(mergeAttribution(first, withFbp)).toEqual({ ...first, fbp: 'fb.1.1.2' });
  });
});

describe('fbc cookie', () => {
  it('is fb.1.<ms>.<fbclid> with the fbclid unaltered', () => {
    expect(fbcValue('IwAR2x_Y-z', 1_596_403_881_668.7)).toBe('fb.1.1596403881668.IwAR2x_Y-z');
    expect(fbclidOfFbc('fb.1.1596403881668.IwAR2x_Y-z')).toBe('IwAR2x_Y-z');
    expect(fbclidOfFbc('nonsense')).toBeNull();
  });

  it('is set only for a new fbclid', () => {
    const fb = attributionFromVisit(visit({ url: 'https://x.test/?fbclid=F1' }));
    expect(fbcCookieFor(fb, null, 10)).toBe('fb.1.10.F1');
    expect(fbcCookieFor(fb, 'fb.1.5.F0', 10)).toBe('fb.1.10.F1');
    expect(fbcCookieFor(fb, 'fb.1.5.F1', 10)).toBeNull();
    expect(fbcCookieFor(attributionFromVisit(visit()), null, 10)).toBeNull();
  });
});

describe('readCookie', () => {
  it('finds a cookie by exact name and decodes it', () => {
    expect(readCookie('x_fbp=no; _fbp=fb.1.2.3', '_fbp')).toBe('fb.1.2.3');
    expect(readCookie('a=%7Bb%7D', 'a')).toBe('{b}');
    expect(readCookie('a=%E0%A4%A', 'a')).toBe('%E0%A4%A');
    expect(readCookie('', '_fbp')).toBeNull();
  });
});

describe('parseAttribution', () => {
  it('round-trips a record and rejects malformed storage', () => {
    const record = attributionFromVisit(visit({ url: 'https://x.test/?fbclid=F1' }));
    expect(parseAttribution(JSON.stringify(record))).toEqual(record);
    for (const bad of [
      null,
      '',
      '{',
      '[]',
      '"x"',
      '{"timestamp":"1","landing_page":"/"}',
      JSON.stringify({ ...record, gclid: 5 }),
      JSON.stringify({ ...record, wbraid: {} }),
    ]) {
      expect(parseAttribution(bad)).toBeNull();
    }
    expect(parseAttribution(JSON.stringify({ ...record, utm_term: 7 }))).toBeNull();
  });

  it('reads a record kept before utm_content and utm_term were (as null)', () => {
    const record = attributionFromVisit(visit({ url: 'https://x.test/?utm_source=ig' }));
    const { utm_content: _content, utm_term: _term, ...older } = record;
    expect(parseAttribution(JSON.stringify(older))).toEqual({ ...record, utm_content: null, utm_term: null });
  });

  it('reads a record kept before gbraid and wbraid were (as null)', () => {
    const record = attributionFromVisit(visit({ url: 'https://x.test/?gclid=G1' }));
    const { gbraid: _gbraid, wbraid: _wbraid, ...older } = record;
    expect(parseAttribution(JSON.stringify(older))).toEqual({ ...record, gbraid: null, wbraid: null });
  });
});
