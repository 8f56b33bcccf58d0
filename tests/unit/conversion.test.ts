import { describe, expect, it } from 'vitest';
import { attributionFromVisit } from '~/features/tracking/attribution';
import {
  buildConversionPayload,
  buildCountPayload,
  conversionForView,
  CONVERSIONS,
  deliveryOf,
  googleClickOf,
  newEventId,
  parseConversionState,
  RETRY_DELAYS_MS,
  serverHas,
  serverNeeds,
  type ConversionState,
} from '~/features/tracking/conversion';

const record = attributionFromVisit({
  url: 'https://kaylareyes.coach/?utm_source=fb&utm_medium=cpc&utm_campaign=c1&utm_content=video-2&utm_term=coach&fbclid=F1&gclid=G1',
  referrer: 'https://facebook.com/',
  cookie: '_fbp=fb.1.1.99',
  now: 1_700_000_000_000,
});

describe('buildConversionPayload', () => {
  it('builds the /thank-you/call payload with the landing attribution', () => {
    const payload = buildConversionPayload({
      kind: 'call',
      eventId: 'call.abc12345',
      now: 1_700_000_123_999,
      pageUrl: 'https://kaylareyes.coach/thank-you/call',
      userAgent: 'UA',
      attribution: record,
      fbc: 'fb.1.1700000000000.F1',
      fbp: null,
      externalId: 'd5a3c1e2-0b7f-4c7e-9a59-2f1d0c9b8a77',
    });
    expect(payload).toEqual({
      ads_consent: 'granted',
      event_name: 'Schedule',
      event_id: 'call.abc12345',
      event_time: 1_700_000_123,
      action_source: 'website',
      event_source_url: 'https://kaylareyes.coach/thank-you/call',
      user_data: {
        client_ip_address: null,
        client_user_agent: 'UA',
        fbc: 'fb.1.1700000000000.F1',
        fbp: 'fb.1.1.99',
        external_id: 'd5a3c1e2-0b7f-4c7e-9a59-2f1d0c9b8a77',
      },
      custom_data: {
        event_source: 'website',
        booking_source: 'booking_modal',
        conversion_type: 'call_scheduling',
        utm_source: 'fb',
        utm_medium: 'cpc',
        utm_campaign: 'c1',
        utm_content: 'video-2',
        utm_term: 'coach',
        referrer: 'https://facebook.com/',
        landing_page: record.landing_page,
      },
      google_click: { kind: 'gclid', id: 'G1', click_time: 1_700_000_000 },
    });
  });

  it('names each page’s events as the product does', () => {
    const base = { eventId: 'x.12345678', now: 0, pageUrl: 'https://x.test/', userAgent: 'UA', attribution: null, fbc: null, fbp: null, externalId: null };
    expect(buildConversionPayload({ ...base, kind: 'lead' }).event_name).toBe('Lead');
    const resource = buildConversionPayload({ ...base, kind: 'resource' });
    expect([resource.event_name, resource.custom_data.conversion_type]).toEqual(['Lead', 'resource_registration']);
    expect(resource.custom_data.landing_page).toBeNull();
    expect([CONVERSIONS.lead.pixelEvent, CONVERSIONS.call.pixelEvent, CONVERSIONS.resource.pixelEvent]).toEqual(['Lead', 'Schedule', 'CompleteRegistration']);
    expect([CONVERSIONS.lead.transport, CONVERSIONS.call.transport, CONVERSIONS.resource.transport]).toEqual(['api', 'function', 'function']);
    expect(CONVERSIONS.call.clearAttributionAfter).toBe(true);
  });

  it('without the _fbc cookie, fbc comes from the ad click of the record (its time)', () => {
    const input = { kind: 'lead' as const, eventId: 'lead.12345678', now: 0, pageUrl: 'https://x.test/', userAgent: 'UA', fbp: null, externalId: null };
    expect(buildConversionPayload({ ...input, attribution: record, fbc: null }).user_data.fbc).toBe('fb.1.1700000000000.F1');
    expect(buildConversionPayload({ ...input, attribution: { ...record, fbclid: null }, fbc: null }).user_data.fbc).toBeNull();
  });
});

describe('googleClickOf', () => {
  const NOW = 1_700_000_123_999;
  const landed = (ids: Partial<Record<'gclid' | 'gbraid' | 'wbraid', string>>, timestamp = 1_700_000_000_999) => ({
    ...record,
    gclid: null,
    gbraid: null,
    wbraid: null,
    ...ids,
    timestamp,
  });

  it('is the click id the record holds, with the landing time in whole seconds', () => {
    expect(googleClickOf(landed({ gbraid: '0AAAAA-x' }), NOW)).toEqual({ kind: 'gbraid', id: '0AAAAA-x', click_time: 1_700_000_000 });
    expect(googleClickOf(landed({ wbraid: 'CjkKCQ' }), NOW)).toEqual({ kind: 'wbraid', id: 'CjkKCQ', click_time: 1_700_000_000 });
  });

  it('keeps the preferred of two or three: gclid, then gbraid, then wbraid', () => {
    expect(googleClickOf(landed({ gclid: 'G', gbraid: 'B', wbraid: 'W' }), NOW)?.kind).toBe('gclid');
    expect(googleClickOf(landed({ gbraid: 'B', wbraid: 'W' }), NOW)?.kind).toBe('gbraid');
  });

  it('passes over an id the server would refuse (a space, a non-ASCII letter) for the next', () => {
    expect(googleClickOf(landed({ gbraid: '0AA AA' }), NOW)).toBeNull();
    expect(googleClickOf(landed({ gclid: 'Gé', wbraid: 'W' }), NOW)).toMatchObject({ kind: 'wbraid', id: 'W' });
  });

  it('is none without a record or a Google click, and for a click older than Google takes (90 days)', () => {
    expect(googleClickOf(null, NOW)).toBeNull();
    expect(googleClickOf(landed({}), NOW)).toBeNull();
    const day = 24 * 60 * 60 * 1000;
    expect(googleClickOf(landed({ gclid: 'G' }, NOW - 90 * day), NOW)).not.toBeNull();
    expect(googleClickOf(landed({ gclid: 'G' }, NOW - 90 * day - 1), NOW)).toBeNull();
  });

  it('is in the consented payload only, apart from what Meta gets', () => {
    const input = { kind: 'lead' as const, eventId: 'lead.12345678', now: NOW, pageUrl: 'https://x.test/', attribution: landed({ wbraid: 'W1' }) };
    const consented = buildConversionPayload({ ...input, userAgent: 'UA', fbc: null, fbp: null, externalId: null });
    expect(consented.google_click).toEqual({ kind: 'wbraid', id: 'W1', click_time: 1_700_000_000 });
    // The landing page keeps its whole query here: the server reduces it (attribution-url.ts).
    expect(Object.keys(consented.custom_data).join()).not.toMatch(/gclid|gbraid|wbraid|click_time/);
    expect(JSON.stringify(buildCountPayload(input))).not.toMatch(/google_click|gclid|gbraid|wbraid|W1|click_time/);
  });
});

describe('buildCountPayload (without consent)', () => {
  it('keeps the name, id, time, page path, type and campaign tags, and nothing about the visitor or the click', () => {
    const payload = buildCountPayload({
      kind: 'resource',
      eventId: 'resource.abc12345',
      now: 1_700_000_123_999,
      pageUrl: 'https://kaylareyes.coach/thank-you/resource?fbclid=F1&email=a%40b.c#top',
      attribution: record,
    });
    expect(payload).toEqual({
      event_name: 'Lead',
      event_id: 'resource.abc12345',
      event_time: 1_700_000_123,
      action_source: 'website',
      event_source_url: 'https://kaylareyes.coach/thank-you/resource',
      custom_data: {
        conversion_type: 'resource_registration',
        utm_source: 'fb',
        utm_medium: 'cpc',
        utm_campaign: 'c1',
        utm_content: 'video-2',
        utm_term: 'coach',
      },
    });
    expect(JSON.stringify(payload)).not.toMatch(/ads_consent|user_data|fbc|fbp|gclid|G1|F1|referrer|landing_page|facebook/);
  });

  it('without a record the tags are null', () => {
    const payload = buildCountPayload({ kind: 'lead', eventId: 'lead.abc12345', now: 0, pageUrl: 'https://x.test/thank-you', attribution: null });
    expect(payload.custom_data).toEqual({
      conversion_type: 'lead_form',
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_content: null,
      utm_term: null,
    });
  });
});

describe('what the server still needs', () => {
  const fresh: ConversionState = { eventId: 'lead.11111111', pixelSent: false, serverSent: false, serverConsented: false };

  it('a count is needed once; the consented event also after a count (the server upgrades it)', () => {
    expect(serverNeeds(fresh, false)).toBe(true);
    expect(serverNeeds(fresh, true)).toBe(true);
    const counted = serverHas(fresh, false);
    expect(counted).toMatchObject({ serverSent: true, serverConsented: false });
    expect(serverNeeds(counted, false)).toBe(false);
    expect(serverNeeds(counted, true)).toBe(true);
    const consented = serverHas(counted, true);
    expect(consented).toMatchObject({ serverSent: true, serverConsented: true });
    expect(serverNeeds(consented, true)).toBe(false);
    expect(serverNeeds(consented, false)).toBe(false);
    expect(serverHas(consented, false).serverConsented, 'a later count never undoes consent').toBe(true);
  });

  it('202 recorded and 200 duplicate mean the server has it; 5xx or no answer is tried again; other answers are not', () => {
    expect([202, 200].map(deliveryOf)).toEqual(['sent', 'sent']);
    expect([500, 502, 503, null].map(deliveryOf)).toEqual(['retry', 'retry', 'retry', 'retry']);
    expect([400, 403, 413, 429, 404].map(deliveryOf)).toEqual(['refused', 'refused', 'refused', 'refused', 'refused']);
  });

  it('tries again after 1, 3 and 9 s', () => {
    expect(RETRY_DELAYS_MS).toEqual([1000, 3000, 9000]);
  });
});

describe('conversionForView (once per conversion)', () => {
  const stored: ConversionState = { eventId: 'lead.11111111', pixelSent: true, serverSent: true, serverConsented: true };
  let counter = 0;
  const newId = () => `lead.new${++counter}xxxx`;

  it('a reload or back/forward continues the stored conversion with the same id', () => {
    expect(conversionForView(stored, 'reload', newId)).toBe(stored);
    expect(conversionForView(stored, 'back_forward', newId)).toBe(stored);
  });

  it('a fresh visit is a new conversion with a new id', () => {
    const fresh = conversionForView(stored, 'navigate', newId);
    expect(fresh.eventId).not.toBe(stored.eventId);
    expect(fresh).toMatchObject({ pixelSent: false, serverSent: false, serverConsented: false });
    expect(conversionForView(null, 'reload', newId).serverSent).toBe(false);
  });

  it('parses stored state and drops anything malformed', () => {
    expect(parseConversionState(JSON.stringify(stored))).toEqual(stored);
    expect(parseConversionState(JSON.stringify({ eventId: 'lead.11111111' }))).toEqual({ ...stored, pixelSent: false, serverSent: false, serverConsented: false });
    expect(parseConversionState(JSON.stringify({ eventId: 'lead.11111111', serverSent: true }))).toMatchObject({ serverSent: true, serverConsented: false });
    expect(parseConversionState(JSON.stringify({ eventId: 'lead.11111111', serverConsented: true }))).toMatchObject({ serverSent: true });
    for (const bad of [null, '', '{', '{"eventId":5}', '{"eventId":"a b"}']) expect(parseConversionState(bad)).toBeNull();
  });

  it('event ids carry the kind', () => {
    expect(newEventId('call', '0b8f')).toBe('call.0b8f');
  });
});
