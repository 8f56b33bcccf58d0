import { describe, expect, it } from 'vitest';
import { clientIpFrom, hasConsent, isIpAddress, validateConversionEvent, type RequestFacts } from '../../supabase/functions/_shared/conversion-event';

const NOW = 1_700_000_000;
const facts: RequestFacts = { nowS: NOW, clientIp: '203.0.113.7', userAgent: 'HeaderUA/1.0' };

const valid = () => ({
  event_name: 'Lead',
  event_id: 'lead.5f1c2e9a-1111-4222-8333-944445555666',
  event_time: NOW - 5,
  action_source: 'website',
  event_source_url: 'https://kaylareyes.coach/thank-you',
  user_data: {
    client_ip_address: null,
    client_user_agent: 'Mozilla/5.0',
    fbc: 'fb.1.1700000000000.IwAR2x_Y-z',
    fbp: 'fb.1.1700000000000.1116446470',
  },
  custom_data: {
    event_source: 'website',
    booking_source: null,
    conversion_type: 'lead_form',
    utm_source: 'instagram',
    utm_medium: 'paid',
    utm_campaign: 'spring',
    referrer: 'https://l.instagram.com/',
    landing_page: 'https://kaylareyes.coach/?utm_source=instagram',
  },
  google_click: { kind: 'gclid', id: 'Cj0KCQiA-x_1BwE', click_time: NOW - 3600 },
});

type Body = ReturnType<typeof valid>;
const withChange = (change: (body: Body & Record<string, unknown>) => void) => {
  const body = valid() as Body & Record<string, unknown>;
  change(body);
  return body;
};

describe('validateConversionEvent accepts', () => {
  it('a complete event, taking the client IP from the request and dropping nulls', () => {
    const result = validateConversionEvent(valid(), facts);
    expect(result).toEqual({
      ok: true,
      event: {
        event_name: 'Lead',
        event_id: 'lead.5f1c2e9a-1111-4222-8333-944445555666',
        event_time: NOW - 5,
        action_source: 'website',
        event_source_url: 'https://kaylareyes.coach/thank-you',
        user_data: {
          client_ip_address: '203.0.113.7',
          client_user_agent: 'Mozilla/5.0',
          fbc: 'fb.1.1700000000000.IwAR2x_Y-z',
          fbp: 'fb.1.1700000000000.1116446470',
        },
        custom_data: {
          event_source: 'website',
          conversion_type: 'lead_form',
          utm_source: 'instagram',
          utm_medium: 'paid',
          utm_campaign: 'spring',
          referrer: 'https://l.instagram.com/',
          landing_page: 'https://kaylareyes.coach/?utm_source=instagram',
        },
      },
      googleClick: { kind: 'gclid', id: 'Cj0KCQiA-x_1BwE', clickTime: NOW - 3600 },
    });
  });

  it('drops unknown fields at every level', () => {
    const result = validateConversionEvent(
      withChange((body) => {
        body.access_token = 'stolen';
        (body.user_data as Record<string, unknown>).em = 'a@b.c';
        (body.custom_data as Record<string, unknown>).value = 1e9;
      }),
      facts,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.event).not.toHaveProperty('access_token');
    expect(result.event.user_data).not.toHaveProperty('em');
    expect(result.event.custom_data).not.toHaveProperty('value');
  });

  it('falls back to the request User-Agent and omits an unknown IP', () => {
    const result = validateConversionEvent(
      withChange((body) => {
        delete (body as Partial<Body>).user_data;
      }),
      { ...facts, clientIp: null },
    );
    expect(result.ok && result.event.user_data).toEqual({ client_user_agent: 'HeaderUA/1.0' });
  });

  it('paired surrogates (an emoji) in a string, and a path of é within 2,048 characters once encoded', () => {
    const body = withChange((b) => {
      b.custom_data.utm_campaign = '😀'.repeat(128);
      b.event_source_url = `https://kaylareyes.coach/${'é'.repeat(300)}`;
    });
    const result = validateConversionEvent(body, facts);
    expect(result.ok && result.event.custom_data.utm_campaign).toBe('😀'.repeat(128));
    expect(result.ok && result.event.event_source_url).toBe(`https://kaylareyes.coach/${'%C3%A9'.repeat(300)}`);
  });

  it('each kind of Google click, a click time up to 60 s ahead, and one 100 days old', () => {
    for (const [kind, clickTime] of [
      ['gbraid', NOW + 60],
      ['wbraid', NOW - 100 * 86400],
    ] as const) {
      const result = validateConversionEvent({ ...valid(), google_click: { kind, id: '0AAAAA_x-Y', click_time: clickTime } }, facts);
      expect(result.ok && result.googleClick).toEqual({ kind, id: '0AAAAA_x-Y', clickTime });
    }
    const none = validateConversionEvent({ ...valid(), google_click: null }, facts);
    expect(none.ok && 'googleClick' in none).toBe(false);
  });

  it("keeps Google's click ids out of the event Meta gets, wherever the body puts them", () => {
    const result = validateConversionEvent(
      withChange((b) => {
        // What an older page, or a forged body, may put in custom_data: dropped unread.
        Object.assign(b.custom_data, { gclid: 'OLD', gbraid: 'B', wbraid: 'W', click_time: NOW });
        b.custom_data.landing_page = 'https://kaylareyes.coach/?utm_source=google&gclid=G1&gbraid=B&wbraid=W';
        b.event_source_url = 'https://kaylareyes.coach/thank-you?gclid=G1';
        b.google_click = { kind: 'wbraid', id: 'W', click_time: NOW - 60, gclid: 'G1' } as Body['google_click'];
      }),
      facts,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(JSON.stringify(result.event)).not.toMatch(/gclid|gbraid|wbraid|click_time|google_click|OLD/);
    expect(result.event.custom_data.landing_page).toBe('https://kaylareyes.coach/?utm_source=google');
    expect(result.googleClick, 'the click the page chose, by its kind').toEqual({ kind: 'wbraid', id: 'W', clickTime: NOW - 60 });
  });

  it('without consent reads no Google click, not even a malformed one', () => {
    for (const click of [valid().google_click, { kind: 'wbraid', id: 'x'.repeat(5000), click_time: 'now' }, 'junk']) {
      const result = validateConversionEvent({ ...valid(), google_click: click }, facts, false);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result).not.toHaveProperty('googleClick');
      expect(JSON.stringify(result)).not.toMatch(/Cj0KCQ|xxxx|wbraid|gclid/);
    }
  });

  it('each allowed event name, and a clock up to 60 s ahead', () => {
    for (const name of ['Lead', 'Schedule', 'CompleteRegistration', 'Contact']) {
      expect(validateConversionEvent({ ...valid(), event_name: name, event_time: NOW + 60 }, facts).ok).toBe(true);
    }
  });
});

const long = (n: number) => 'x'.repeat(n);

// [what is wrong, body, the error that must name it]
const badInputs: [string, unknown, string][] = [
  ['null body', null, 'body must be a JSON object'],
  ['an array body', [valid()], 'body must be a JSON object'],
  ['a string body', 'Lead', 'body must be a JSON object'],
  ['a number body', 42, 'body must be a JSON object'],
  ['no event_name', withChange((b) => delete (b as Partial<Body>).event_name), 'event_name must be one of'],
  ['an unknown event_name', withChange((b) => (b.event_name = 'Purchase')), 'event_name must be one of'],
  ['a lowercase event_name', withChange((b) => (b.event_name = 'lead')), 'event_name must be one of'],
  ['event_name as a number', withChange((b) => ((b as Record<string, unknown>).event_name = 1)), 'event_name must be one of'],
  ['another action_source', withChange((b) => (b.action_source = 'email')), "action_source must be 'website'"],
  ['no event_time', withChange((b) => delete (b as Partial<Body>).event_time), 'event_time must be an integer'],
  ['event_time in ms', withChange((b) => (b.event_time = NOW * 1000)), 'event_time must not be in the future'],
  ['event_time as a string', withChange((b) => ((b as Record<string, unknown>).event_time = String(NOW))), 'event_time must be an integer'],
  ['a fractional event_time', withChange((b) => (b.event_time = NOW - 0.5)), 'event_time must be an integer'],
  ['event_time in the future', withChange((b) => (b.event_time = NOW + 61)), 'event_time must not be in the future'],
  ['event_time over 7 days old', withChange((b) => (b.event_time = NOW - 7 * 86400 - 1)), 'event_time must be within the last 7 days'],
  ['event_time NaN-like null', withChange((b) => ((b as Record<string, unknown>).event_time = null)), 'event_time must be an integer'],
  ['no event_source_url', withChange((b) => delete (b as Partial<Body>).event_source_url), 'event_source_url is required'],
  ['a relative event_source_url', withChange((b) => (b.event_source_url = '/thank-you')), 'event_source_url must be an absolute http(s) URL'],
  ['a javascript: event_source_url', withChange((b) => (b.event_source_url = 'javascript:alert(1)')), 'event_source_url must be an absolute http(s) URL'],
  ['an over-long event_source_url', withChange((b) => (b.event_source_url = `https://x.test/${long(2100)}`)), 'event_source_url must be at most 2048'],
  ['event_id with spaces', withChange((b) => (b.event_id = 'a b')), 'event_id is not in the expected format'],
  ['an over-long event_id', withChange((b) => (b.event_id = long(101))), 'event_id must be at most 100'],
  ['event_id as a number', withChange((b) => ((b as Record<string, unknown>).event_id = 7)), 'event_id must be a string'],
  ['user_data as an array', withChange((b) => ((b as Record<string, unknown>).user_data = [])), 'user_data must be an object'],
  ['user_data as a string', withChange((b) => ((b as Record<string, unknown>).user_data = 'x')), 'user_data must be an object'],
  ['a malformed fbc', withChange((b) => (b.user_data.fbc = 'fb.1.abc.F1')), 'user_data.fbc is not in the expected format'],
  ['an fbc with a space', withChange((b) => (b.user_data.fbc = 'fb.1.1700000000000.F 1')), 'user_data.fbc is not in the expected format'],
  ['a malformed fbp', withChange((b) => (b.user_data.fbp = 'fb.1.1700000000000.abc')), 'user_data.fbp is not in the expected format'],
  ['an over-long user agent', withChange((b) => (b.user_data.client_user_agent = long(513))), 'user_data.client_user_agent must be at most 512'],
  ['a user agent with control characters', withChange((b) => (b.user_data.client_user_agent = 'a\u0000b')), 'must not contain control characters'],
  ['user agent as an object', withChange((b) => ((b.user_data as Record<string, unknown>).client_user_agent = {})), 'user_data.client_user_agent must be a string'],
  ['custom_data as an array', withChange((b) => ((b as Record<string, unknown>).custom_data = ['x'])), 'custom_data must be an object'],
  ['an unknown conversion_type', withChange((b) => (b.custom_data.conversion_type = 'purchase')), 'custom_data.conversion_type must be one of'],
  ['an over-long utm_source', withChange((b) => (b.custom_data.utm_source = long(257))), 'custom_data.utm_source must be at most 256'],
  ['utm_campaign as a number', withChange((b) => ((b.custom_data as Record<string, unknown>).utm_campaign = 5)), 'custom_data.utm_campaign must be a string'],
  ['an over-long landing_page', withChange((b) => (b.custom_data.landing_page = long(2049))), 'custom_data.landing_page must be at most 2048'],
  ['google_click as a string', withChange((b) => ((b as Record<string, unknown>).google_click = 'Cj0KCQ')), 'google_click must be an object'],
  ['google_click as an array', withChange((b) => ((b as Record<string, unknown>).google_click = [b.google_click])), 'google_click must be an object'],
  [
    'an unknown kind of click',
    withChange((b) => ((b.google_click as Record<string, unknown>).kind = 'dclid')),
    'google_click.kind must be one of: gclid, gbraid, wbraid',
  ],
  ['a click without its kind', withChange((b) => delete (b.google_click as Partial<Body['google_click']>).kind), 'google_click.kind must be one of'],
  ['a click without its id', withChange((b) => delete (b.google_click as Partial<Body['google_click']>).id), 'google_click.id is required'],
  [
    'a gbraid with spaces',
    withChange((b) => (b.google_click = { ...b.google_click, kind: 'gbraid', id: '0AAA AAA' })),
    'google_click.id must be printable ASCII without spaces',
  ],
  ['a click id with a non-ASCII letter', withChange((b) => (b.google_click.id = 'Cj0é')), 'google_click.id must be printable ASCII without spaces'],
  [
    'a wbraid of 5,000 characters',
    withChange((b) => (b.google_click = { ...b.google_click, kind: 'wbraid', id: long(5000) })),
    'google_click.id must be at most 512 characters',
  ],
  ['a click id with a control character', withChange((b) => (b.google_click.id = 'Cj0\u0000')), 'google_click.id must not contain control characters'],
  ['a click id as a number', withChange((b) => ((b.google_click as Record<string, unknown>).id = 42)), 'google_click.id must be a string'],
  ['a lone surrogate in a click id', withChange((b) => (b.google_click.id = 'Cj0\ud800')), 'google_click.id is not valid Unicode'],
  ['a click time in the future', withChange((b) => (b.google_click.click_time = NOW + 61)), 'google_click.click_time must not be in the future'],
  ['a click time in ms', withChange((b) => (b.google_click.click_time = (NOW - 3600) * 1000)), 'google_click.click_time must not be in the future'],
  [
    'a click time as a string',
    withChange((b) => ((b.google_click as Record<string, unknown>).click_time = String(NOW - 3600))),
    'google_click.click_time must be an integer',
  ],
  ['a fractional click time', withChange((b) => (b.google_click.click_time = NOW - 0.5)), 'google_click.click_time must be an integer'],
  ['no click time', withChange((b) => delete (b.google_click as Partial<Body['google_click']>).click_time), 'google_click.click_time must be an integer'],
  ['a click over 100 days old', withChange((b) => (b.google_click.click_time = NOW - 100 * 86400 - 1)), 'google_click.click_time must be within the last 100 days'],
  // Postgres' JSON refuses a lone surrogate, and the ledger's columns their length once encoded.
  ['a lone surrogate in utm_source', withChange((b) => (b.custom_data.utm_source = 'a\ud800b')), 'custom_data.utm_source is not valid Unicode'],
  ['a lone surrogate in the user agent', withChange((b) => (b.user_data.client_user_agent = 'Mozilla\ud83d')), 'user_data.client_user_agent is not valid Unicode'],
  ['a lone surrogate in a URL', withChange((b) => (b.custom_data.referrer = 'https://x.test/\ud800')), 'custom_data.referrer is not valid Unicode'],
  [
    'a page path of 1,000 é',
    withChange((b) => (b.event_source_url = `https://kaylareyes.coach/${'é'.repeat(1000)}`)),
    'event_source_url must be at most 2048 characters once percent-encoded',
  ],
  [
    'a landing page grown past 2,048 characters by its encoded campaign',
    withChange((b) => (b.custom_data.landing_page = `https://kaylareyes.coach/?utm_campaign=${'é'.repeat(400)}`)),
    'custom_data.landing_page must be at most 2048 characters once percent-encoded',
  ],
  [
    'a referrer host of 300 characters',
    withChange((b) => (b.custom_data.referrer = `https://${long(300)}.test/`)),
    'custom_data.referrer must have a host of at most 253 characters',
  ],
];

describe('validateConversionEvent refuses', () => {
  it('at least 30 kinds of bad input', () => expect(badInputs.length).toBeGreaterThanOrEqual(30));

  it.each(badInputs)('%s', (_what, body, error) => {
    const result = validateConversionEvent(body, facts);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(error);
  });

  it('an event with no user agent anywhere', () => {
    const body = withChange((b) => delete (b.user_data as Partial<Body['user_data']>).client_user_agent);
    expect(validateConversionEvent(body, { ...facts, userAgent: null })).toEqual({
      ok: false,
      error: 'user_data.client_user_agent is required for website events',
    });
  });
});

describe('hasConsent', () => {
  const granted = { ads_consent: 'granted' };
  it('is the body’s mark, unless Sec-GPC carries a 1 anywhere in its list', () => {
    expect(hasConsent(granted, new Headers())).toBe(true);
    expect(hasConsent({}, new Headers())).toBe(false);
    expect(hasConsent(granted, new Headers({ 'sec-gpc': '1' }))).toBe(false);
    expect(hasConsent(granted, new Headers({ 'sec-gpc': '0' }))).toBe(true);
    expect(hasConsent(granted, new Headers({ 'sec-gpc': '0, 1' }))).toBe(false);
    const twice = new Headers();
    twice.append('sec-gpc', '1');
    twice.append('sec-gpc', '1');
    expect(twice.get('sec-gpc')).toBe('1, 1');
    expect(hasConsent(granted, twice)).toBe(false);
  });
});

describe('clientIpFrom', () => {
  it("reads only the platform's header: CF-Connecting-IP on Cloudflare, the X-Forwarded-For entry Supabase's edge appended", () => {
    const both = new Headers({ 'cf-connecting-ip': '198.51.100.1', 'x-forwarded-for': '10.0.0.1' });
    expect(clientIpFrom(both, 'cf-connecting-ip')).toBe('198.51.100.1');
    expect(clientIpFrom(both, 'x-forwarded-for')).toBe('10.0.0.1');
    // The entries before the platform's are the caller's own: never used.
    expect(clientIpFrom(new Headers({ 'x-forwarded-for': ' 6.6.6.6 , 2001:db8::1' }), 'x-forwarded-for')).toBe('2001:db8::1');
    // With TRUSTED_PROXY_HOPS=2 (the platform's own proxy appends after the edge).
    expect(clientIpFrom(new Headers({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.1' }), 'x-forwarded-for', 2)).toBe('198.51.100.7');
    expect(clientIpFrom(new Headers({ 'x-forwarded-for': '198.51.100.7, junk' }), 'x-forwarded-for')).toBeNull();
    expect(clientIpFrom(new Headers({ 'x-forwarded-for': '10.0.0.1' }), 'cf-connecting-ip')).toBeNull();
    expect(clientIpFrom(new Headers(), 'x-forwarded-for')).toBeNull();
  });

  it('never takes the IP from the body', () => {
    const body = withChange((b) => ((b.user_data as Record<string, unknown>).client_ip_address = '192.0.2.1'));
    const fromRequest = validateConversionEvent(body, facts);
    expect(fromRequest.ok && fromRequest.event.user_data.client_ip_address).toBe('203.0.113.7');
    const none = validateConversionEvent(body, { ...facts, clientIp: null });
    expect(none.ok && none.event.user_data).not.toHaveProperty('client_ip_address');
    const junk = validateConversionEvent(
      withChange((b) => ((b.user_data as Record<string, unknown>).client_ip_address = '999.1.1.1')),
      facts,
    );
    expect(junk.ok).toBe(true);
  });

  it('a spoofed header that is not an IP is not forwarded', () => {
    const result = validateConversionEvent(valid(), { ...facts, clientIp: 'evil<script>' });
    expect(result.ok && result.event.user_data.client_ip_address).toBeUndefined();
    expect(isIpAddress('192.168.0.1')).toBe(true);
    expect(isIpAddress('::1')).toBe(true);
    expect(isIpAddress('1.2.3')).toBe(false);
  });
});
