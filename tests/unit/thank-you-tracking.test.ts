// @vitest-environment jsdom
/**
 * A thank-you page's sends (src/features/tracking/thank-you-tracking.ts) against a fake endpoint and a
 * fake clock: the count without consent, the consented event with the pixel and the external id,
 * the upgrade when consent comes on the page, and the retries.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageConversion, startThankYouTracking, type ServerTarget } from '~/features/tracking/thank-you-tracking';
import { saveChoice } from '~/features/consent/page-consent';
import { CONSENT_STORAGE_KEY, EXTERNAL_ID_STORAGE_KEY } from '~/features/consent/consent';
import { TRACKING_STORAGE_KEY } from '~/features/tracking/attribution';
import { conversionStorageKey, type ConversionKind, type ConversionState } from '~/features/tracking/conversion';
import type { Fbq } from '~/features/tracking/pixel';

const TARGET: ServerTarget = { url: '/api/track-conversion', headers: { 'content-type': 'application/json' } };
const LANDING = 'https://kaylareyes.coach/?utm_source=ig&utm_medium=paid&utm_campaign=spring&utm_content=reel&utm_term=coach&fbclid=IwAR-1&gclid=G1';
/** When the visitor landed with the ad's click: an hour before the page's fake clock starts. */
let landedAt: number;

type Answer = number | 'network';
let answers: Answer[];
let bodies: Record<string, unknown>[];

function answerWith(...next: Answer[]) {
  answers = next;
}

const fetchStub = vi.fn(async (_url: string, init: RequestInit) => {
  bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
  const answer = answers.shift() ?? 202;
  if (answer === 'network') throw new TypeError('Failed to fetch');
  const body = answer === 202 ? { recorded: true } : answer === 200 ? { duplicate: true } : { error: answer < 500 ? 'custom_data.utm_term: too long' : 'try again' };
  return new Response(JSON.stringify(body), { status: answer, headers: { 'content-type': 'application/json' } });
});

const fresh = (): ConversionState => ({ eventId: 'lead.0b8f1c2d', pixelSent: false, serverSent: false, serverConsented: false });
const consent = (ads: 'granted' | 'denied') => localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ ads, at: Date.now() }));
const pixelQueue = () => (window as { fbq?: Fbq }).fbq?.queue ?? null;
const stored = (kind: ConversionKind) => JSON.parse(sessionStorage.getItem(conversionStorageKey(kind)) ?? 'null') as ConversionState | null;
/** Lets the page's promises run, and the fake clock move on by `ms`. */
const settle = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  landedAt = Date.now() - 3_600_000;
  answers = [];
  bodies = [];
  fetchStub.mockClear();
  vi.stubGlobal('fetch', fetchStub);
  // The request waits for a task of its own (src/lib/idle.ts, nextTask): here the next one comes at once.
  vi.stubGlobal('scheduler', { yield: () => Promise.resolve() });
  document.head.innerHTML = '<meta name="meta-pixel-id" content="1234567890">';
  document.body.innerHTML = '<section id="privacy-choices" data-consent-policy="opt-in" hidden></section><section data-conversion="lead"></section>';
  localStorage.clear();
  sessionStorage.clear();
  delete (window as { fbq?: Fbq }).fbq;
  delete (window as { _fbq?: Fbq })._fbq;
  sessionStorage.setItem(
    TRACKING_STORAGE_KEY,
    JSON.stringify({
      timestamp: landedAt,
      fbclid: 'IwAR-1',
      fbp: null,
      gclid: 'G1',
      utm_source: 'ig',
      utm_medium: 'paid',
      utm_campaign: 'spring',
      utm_content: 'reel',
      utm_term: 'coach',
      referrer: null,
      landing_page: LANDING,
    }),
  );
  history.replaceState(null, '', '/thank-you?email=a%40b.test');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('without consent', () => {
  it('counts the conversion: the minimal body, no pixel, no external id', async () => {
    const state = fresh();
    await pageConversion('lead', TARGET, state).send();
    expect(bodies).toEqual([
      {
        event_name: 'Lead',
        event_id: 'lead.0b8f1c2d',
        event_time: expect.any(Number),
        action_source: 'website',
        event_source_url: `${location.origin}/thank-you`,
        custom_data: { conversion_type: 'lead_form', utm_source: 'ig', utm_medium: 'paid', utm_campaign: 'spring', utm_content: 'reel', utm_term: 'coach' },
      },
    ]);
    expect(fetchStub.mock.calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true });
    expect(pixelQueue()).toBeNull();
    expect(localStorage.getItem(EXTERNAL_ID_STORAGE_KEY)).toBeNull();
    expect(state).toMatchObject({ serverSent: true, serverConsented: false, pixelSent: false });
    expect(stored('lead')).toEqual(state);
  });
});

describe('with consent', () => {
  beforeEach(() => consent('granted'));

  it('the pixel and the server event carry one event id and one external id', async () => {
    const state = fresh();
    await pageConversion('lead', TARGET, state).send();
    const [body] = bodies as [{ ads_consent: string; user_data: { external_id: string }; custom_data: Record<string, unknown>; google_click: unknown }];
    expect(body.ads_consent).toBe('granted');
    expect(body.custom_data).toMatchObject({ utm_content: 'reel', utm_term: 'coach' });
    expect(body.custom_data).not.toHaveProperty('gclid');
    expect(body.google_click).toEqual({ kind: 'gclid', id: 'G1', click_time: Math.floor(landedAt / 1000) });
    const id = localStorage.getItem(EXTERNAL_ID_STORAGE_KEY);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    expect(body.user_data.external_id).toBe(id);
    expect(pixelQueue()).toContainEqual(['init', '1234567890', { external_id: id }]);
    expect(pixelQueue()).toContainEqual(['track', 'Lead', { conversion_type: 'lead_form' }, { eventID: 'lead.0b8f1c2d' }]);
    expect(state).toMatchObject({ serverSent: true, serverConsented: true, pixelSent: true });
  });

  it('a duplicate answer (200) also means the server has it', async () => {
    answerWith(200);
    const state = fresh();
    await pageConversion('lead', TARGET, state).send();
    expect(state).toMatchObject({ serverSent: true, serverConsented: true });
  });
});

describe('consent given on the page after the count', () => {
  it('sends the consented event with the same event id, and fires the pixel then', async () => {
    const state = fresh();
    const conversion = pageConversion('lead', TARGET, state);
    await conversion.send();
    expect(pixelQueue()).toBeNull();
    consent('granted');
    await conversion.send();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ ads_consent: 'granted', event_id: bodies[0]!.event_id });
    expect(pixelQueue()).toContainEqual(['track', 'Lead', { conversion_type: 'lead_form' }, { eventID: 'lead.0b8f1c2d' }]);
    expect(state).toMatchObject({ serverSent: true, serverConsented: true, pixelSent: true });
    await conversion.send();
    expect(bodies, 'nothing more once the server has the consented event').toHaveLength(2);
  });

  it('while the count is being retried: the consented event takes over', async () => {
    answerWith(503, 503);
    const state = fresh();
    const conversion = pageConversion('lead', TARGET, state);
    await conversion.send();
    consent('granted');
    await conversion.send();
    await settle(20_000);
    expect(bodies.map((body) => 'ads_consent' in body)).toEqual([false, true, true]);
    expect(state).toMatchObject({ serverSent: true, serverConsented: true });
  });
});

describe('the answers', () => {
  it('a 5xx or no answer is tried again after 1, 3 and 9 s with the same event id', async () => {
    answerWith(503, 'network', 502, 202);
    const state = fresh();
    await pageConversion('lead', TARGET, state).send();
    expect(bodies).toHaveLength(1);
    await settle(999);
    expect(bodies).toHaveLength(1);
    await settle(1);
    expect(bodies).toHaveLength(2);
    await settle(3000);
    expect(bodies).toHaveLength(3);
    await settle(9000);
    expect(bodies).toHaveLength(4);
    expect(new Set(bodies.map((body) => body.event_id))).toEqual(new Set(['lead.0b8f1c2d']));
    expect(state.serverSent).toBe(true);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('gives up after four attempts, logs it, and leaves the conversion for a reload', async () => {
    answerWith(503, 503, 503, 503, 503);
    const state = fresh();
    await pageConversion('lead', TARGET, state).send();
    await settle(60_000);
    expect(bodies).toHaveLength(4);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/conversion lead\.0b8f1c2d not sent after 4 attempts/));
    expect(stored('lead')).toBeNull(); // never saved as sent (this test saves nothing else)
    expect(state.serverSent).toBe(false);
  });

  it('a 4xx is not tried again; it is logged with the server’s reason', async () => {
    answerWith(400);
    const state = fresh();
    await pageConversion('lead', TARGET, state).send();
    await settle(60_000);
    expect(bodies).toHaveLength(1);
    expect(console.error).toHaveBeenCalledWith('tracking: /api/track-conversion answered 400: custom_data.utm_term: too long');
    expect(state.serverSent).toBe(false);
  });

  it('consent withdrawn before a retry: the retry sends the count, not the consented event', async () => {
    consent('granted');
    answerWith(503);
    const state = fresh();
    await pageConversion('lead', TARGET, state).send();
    consent('denied');
    await settle(1000);
    expect(bodies.map((body) => 'ads_consent' in body)).toEqual([true, false]);
    expect(state).toMatchObject({ serverSent: true, serverConsented: false });
  });
});

describe('the request', () => {
  it('goes in a task of its own, after the storage and cookie reads', async () => {
    let nextTaskStarts = () => {};
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => (nextTaskStarts = resolve)) });
    const sent = pageConversion('lead', TARGET, fresh()).send();
    await settle();
    expect(bodies, 'not in the task that read the storage').toHaveLength(0);
    nextTaskStarts();
    await sent;
    expect(bodies).toHaveLength(1);
  });
});

describe('the call page forgets the attribution record once the server has the conversion', () => {
  it('after the consented event, or a count once the visitor has declined; not while still asked', async () => {
    await pageConversion('call', TARGET, fresh()).send();
    expect(sessionStorage.getItem(TRACKING_STORAGE_KEY), 'kept: the visitor may still agree here').not.toBeNull();
    consent('denied');
    await pageConversion('call', TARGET, fresh()).send();
    expect(sessionStorage.getItem(TRACKING_STORAGE_KEY)).toBeNull();
  });
});

describe('startThankYouTracking', () => {
  it('marks the page once the first attempt has settled, and sends the consented event when the visitor agrees', async () => {
    answerWith(503);
    startThankYouTracking(document);
    await settle();
    expect(bodies).toHaveLength(1);
    expect(document.documentElement.dataset.conversionTracked).toBe('');
    expect(stored('lead')).toMatchObject({ serverSent: false });
    await settle(1000);
    expect(stored('lead')).toMatchObject({ serverSent: true, serverConsented: false });

    saveChoice('granted');
    await settle();
    expect(bodies).toHaveLength(3);
    expect(bodies[2]).toMatchObject({ ads_consent: 'granted', event_id: bodies[0]!.event_id, user_data: { external_id: localStorage.getItem(EXTERNAL_ID_STORAGE_KEY) } });
    expect(stored('lead')).toMatchObject({ serverSent: true, serverConsented: true, pixelSent: true });
  });
});
