import { describe, expect, it } from 'vitest';
import { attributionFromVisit } from '~/lib/tracking/attribution';
import { buildConversionPayload, conversionForView, CONVERSIONS, newEventId, parseConversionState, type ConversionState } from '~/lib/tracking/conversion';

const record = attributionFromVisit({
  url: 'https://kaylareyes.coach/?utm_source=fb&utm_medium=cpc&utm_campaign=c1&fbclid=F1&gclid=G1',
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
    });
    expect(payload).toEqual({
      ads_consent: 'granted',
      event_name: 'Schedule',
      event_id: 'call.abc12345',
      event_time: 1_700_000_123,
      action_source: 'website',
      event_source_url: 'https://kaylareyes.coach/thank-you/call',
      user_data: { client_ip_address: null, client_user_agent: 'UA', fbc: 'fb.1.1700000000000.F1', fbp: 'fb.1.1.99' },
      custom_data: {
        event_source: 'website',
        booking_source: 'booking_modal',
        conversion_type: 'call_scheduling',
        utm_source: 'fb',
        utm_medium: 'cpc',
        utm_campaign: 'c1',
        referrer: 'https://facebook.com/',
        landing_page: record.landing_page,
        gclid: 'G1',
      },
    });
  });

  it('names each page’s events as the product does', () => {
    const base = { eventId: 'x.12345678', now: 0, pageUrl: 'https://x.test/', userAgent: 'UA', attribution: null, fbc: null, fbp: null };
    expect(buildConversionPayload({ ...base, kind: 'lead' }).event_name).toBe('Lead');
    const resource = buildConversionPayload({ ...base, kind: 'resource' });
    expect([resource.event_name, resource.custom_data.conversion_type]).toEqual(['Lead', 'resource_registration']);
    expect(resource.custom_data.landing_page).toBeNull();
    expect([CONVERSIONS.lead.pixelEvent, CONVERSIONS.call.pixelEvent, CONVERSIONS.resource.pixelEvent]).toEqual(['Lead', 'Schedule', 'CompleteRegistration']);
    expect([CONVERSIONS.lead.transport, CONVERSIONS.call.transport, CONVERSIONS.resource.transport]).toEqual(['api', 'function', 'function']);
    expect(CONVERSIONS.call.clearAttributionAfter).toBe(true);
  });
});

describe('conversionForView (once per conversion)', () => {
  const stored: ConversionState = { eventId: 'lead.11111111', pixelSent: true, serverSent: true };
  let counter = 0;
  const newId = () => `lead.new${++counter}xxxx`;

  it('a reload or back/forward continues the stored conversion with the same id', () => {
    expect(conversionForView(stored, 'reload', newId)).toBe(stored);
    expect(conversionForView(stored, 'back_forward', newId)).toBe(stored);
  });

  it('a fresh visit is a new conversion with a new id', () => {
    const fresh = conversionForView(stored, 'navigate', newId);
    expect(fresh.eventId).not.toBe(stored.eventId);
    expect(fresh).toMatchObject({ pixelSent: false, serverSent: false });
    expect(conversionForView(null, 'reload', newId).serverSent).toBe(false);
  });

  it('parses stored state and drops anything malformed', () => {
    expect(parseConversionState(JSON.stringify(stored))).toEqual(stored);
    expect(parseConversionState(JSON.stringify({ eventId: 'lead.11111111' }))).toEqual({ ...stored, pixelSent: false, serverSent: false });
    for (const bad of [null, '', '{', '{"eventId":5}', '{"eventId":"a b"}']) expect(parseConversionState(bad)).toBeNull();
  });

  it('event ids carry the kind', () => {
    expect(newEventId('call', '0b8f')).toBe('call.0b8f');
  });
});
