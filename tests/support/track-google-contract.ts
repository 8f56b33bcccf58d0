/**
 * Google Ads, as every track-conversion endpoint must hand it a conversion (tests/integration/
 * track-conversion.test.ts runs it against each real runtime, Google set up against the fake with
 * no wait after the click): the click goes to Google once, the ledger's id its transaction id, and
 * Meta gets none of it.
 */
import { expect, it } from 'vitest';
import type { OwnVisitEndpoint } from './track-admin-visit-contract.ts';

export interface GoogleEndpoint {
  /** The fake Google's conversions, by transaction id (tests/support/fake-google.mjs). */
  googleAccepted: () => Map<string, { event: Record<string, unknown> }>;
}

const eventually = (check: () => unknown) => expect.poll(check, { timeout: 15_000, interval: 100 });

export function googleContract(endpoint: OwnVisitEndpoint & GoogleEndpoint) {
  const googleAccepted = () => endpoint.googleAccepted();
  it('sends Google Ads the click once, its id the transaction id, and Meta none of it', async () => {
    const click = { kind: 'gclid', id: `Cj0-${crypto.randomUUID()}`, click_time: Math.floor(Date.now() / 1000) - 60 };
    const body = endpoint.event({ google_click: click });
    expect((await endpoint.post(endpoint.url(), body)).status).toBe(202);
    await eventually(() => googleAccepted().has(body.event_id)).toBe(true);
    expect(googleAccepted().get(body.event_id)!.event).toMatchObject({ transactionId: body.event_id, adIdentifiers: { gclid: click.id } });
    await eventually(() => endpoint.accepted(body.event_id).length).toBe(1);
    expect(JSON.stringify(endpoint.accepted(body.event_id))).not.toContain(click.id);
    expect(await endpoint.row(body.event_id)).toMatchObject({ had_gclid: true });
  });
}
