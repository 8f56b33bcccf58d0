/**
 * What every track-conversion endpoint must do with clients spread over an IPv6 /64 and with
 * input Postgres or the ledger's columns would refuse: the behaviour tests/integration/
 * track-conversion.test.ts runs against each real runtime (wrangler, Deno).
 */
import { expect, it } from 'vitest';

export interface EndpointUnderTest {
  url: () => string;
  /** The platform's client IP header. */
  ipHeader: 'cf-connecting-ip' | 'x-forwarded-for';
  post: (url: string, body: unknown, headers?: Record<string, string>) => Promise<Response>;
  /** A valid consented event on the site, with `over` merged in. */
  event: (over?: Record<string, unknown>) => Record<string, unknown> & { event_id: string };
  /** The site's origin the events come from. */
  site: () => string;
  /** How many events the fake Graph API accepted. */
  acceptedCount: () => number;
  /** Whether the ledger holds the id. */
  recorded: (eventId: string) => Promise<boolean>;
  /** Takes the ledger down until the promise it returns (the restore) is called. */
  ledgerOutage: () => Promise<() => Promise<void>>;
}

const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
const counts = (statuses: number[]) => statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});

/**
 * A client may use any address of its /64 (each event with made-up fbc, fbp and external_id):
 * the limit (30 a minute) counts the /64 as one client.
 */
export function subnetContract(endpoint: EndpointUnderTest, limit = 30) {
  const send = async (address: string) => {
    const clicks = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const body = endpoint.event({
      user_data: {
        client_user_agent: 'Mozilla/5.0 test',
        fbc: `fb.1.${Date.now()}.click${clicks}`,
        fbp: `fb.1.${Date.now()}.${clicks}`,
        external_id: `made-up-${clicks}`,
      },
    });
    return (await endpoint.post(endpoint.url(), body, { [endpoint.ipHeader]: address })).status;
  };
  // A random /64 under 2001:db8::/32 (documentation addresses), written the ways a header may.
  const subnet = () => `2001:db8:${hex()}:${hex()}`;
  const addressIn = (prefix: string, i: number) =>
    i % 3 === 0 ? `${prefix}::${(i + 1).toString(16)}` : `${prefix}:${hex()}:${hex()}:${hex()}:${i.toString(16)}`.toUpperCase();

  it(`limits 100 addresses of one IPv6 /64 as one client: ${limit} recorded, the rest 429`, async () => {
    const prefix = subnet();
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => send(addressIn(prefix, i))));
    console.log(`100 addresses of one /64: ${JSON.stringify(counts(statuses))}`);
    // 202 is recorded (and queued for Meta); a 429 is neither.
    expect(counts(statuses)).toEqual({ 202: limit, 429: 100 - limit });
  });

  it('limits two /64s as two clients', async () => {
    const [a, b] = [subnet(), subnet()];
    const statuses = await Promise.all(Array.from({ length: 80 }, (_, i) => send(addressIn(i % 2 ? a : b, i))));
    expect(counts(statuses)).toEqual({ 202: 2 * limit, 429: 80 - 2 * limit });
  });
}

const SURROGATE = 'a\ud800b';
const LONG_PATH = `/${'é'.repeat(1000)}`;

/**
 * Input the ledger cannot store answers 400 naming the field (the page does not retry a 400);
 * 503 is for a ledger that cannot record.
 */
export function inputContract(endpoint: EndpointUnderTest) {
  // Each from its own address (198.18.0.0/15, for tests), so the rate limit is not what answers.
  const post = (body: unknown) =>
    endpoint.post(endpoint.url(), body, { [endpoint.ipHeader]: `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}` });
  const expectRefused = async (body: unknown, field: string) => {
    const response = await post(body);
    const answer = (await response.json()) as { error: string };
    expect({ status: response.status, error: answer.error }).toEqual({ status: 400, error: expect.stringContaining(field) });
  };

  it('refuses a lone surrogate in a string with 400 naming the field', async () => {
    await expectRefused(endpoint.event({ custom_data: { conversion_type: 'lead_form', utm_source: SURROGATE } }), 'custom_data.utm_source');
  });

  it('refuses a page path of 1,000 é (over 2,048 characters once percent-encoded) with 400 naming the field', async () => {
    await expectRefused(endpoint.event({ event_source_url: `${endpoint.site()}${LONG_PATH}` }), 'event_source_url');
  });

  it('answers every string field with a lone surrogate, or grown past its column, with 202 or a 400 naming it: never 5xx', async () => {
    const site = endpoint.site();
    const text = (field: string, value: string) =>
      field.startsWith('custom_data.')
        ? { custom_data: { conversion_type: 'lead_form', [field.slice(12)]: value } }
        : field.startsWith('user_data.')
          ? { user_data: { client_user_agent: 'Mozilla/5.0 test', [field.slice(10)]: value } }
          : field.startsWith('google_click.')
            ? { google_click: { kind: 'wbraid', click_time: Math.floor(Date.now() / 1000) - 60, [field.slice(13)]: value } }
            : { [field]: value };
    const free = ['custom_data.event_source', 'custom_data.booking_source', 'custom_data.utm_source', 'custom_data.utm_medium', 'custom_data.utm_campaign'];
    const cases: [string, Record<string, unknown>][] = [
      ...['custom_data.utm_content', 'custom_data.utm_term', 'google_click.id', 'user_data.client_user_agent', ...free].flatMap(
        (field): [string, Record<string, unknown>][] => [
          [field, text(field, SURROGATE)],
          [field, text(field, 'é'.repeat(256))],
          [field, text(field, '😀'.repeat(128))],
        ],
      ),
      ...['event_id', 'user_data.fbc', 'user_data.fbp', 'user_data.external_id', 'custom_data.conversion_type'].map((field): [string, Record<string, unknown>] => [
        field,
        text(field, SURROGATE),
      ]),
      ...['event_source_url', 'custom_data.landing_page', 'custom_data.referrer'].flatMap((field): [string, Record<string, unknown>][] => [
        [field, text(field, `${site}/${SURROGATE}`)],
        [field, text(field, `${site}${LONG_PATH}`)],
        [field, text(field, `${site}/?utm_campaign=${'é'.repeat(1000)}`)],
      ]),
      ['custom_data.referrer', text('custom_data.referrer', `https://${'a'.repeat(300)}.test/`)],
    ];
    const outcomes: string[] = [];
    for (const [field, change] of cases) {
      const body = endpoint.event(change);
      const response = await post(body);
      const answer = (await response.json()) as { error?: string };
      const ok = response.status === 202 ? await endpoint.recorded(body.event_id) : response.status === 400 && answer.error!.startsWith(field);
      if (!ok) outcomes.push(`${field} ${JSON.stringify(change).slice(0, 80)}: ${response.status} ${answer.error ?? ''}`);
    }
    expect(outcomes).toEqual([]);
  });

  it('still answers 503 when the ledger cannot record', async () => {
    const restore = await endpoint.ledgerOutage();
    try {
      const response = await post(endpoint.event());
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: 'the conversion could not be recorded: try again later' });
    } finally {
      await restore();
    }
  });
}
