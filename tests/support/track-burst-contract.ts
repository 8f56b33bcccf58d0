/**
 * A burst from one client, as every track-conversion endpoint must take it (tests/integration/
 * track-conversion.test.ts runs it against each real runtime): 150 events at once, the limit's
 * worth recorded, every other one 429, and each recorded one reaches Meta once, by the endpoint's
 * own attempt or by the scheduled run (as in production: under load an attempt may fail and wait).
 * Behind Supabase's edge, the client writes a different made-up X-Forwarded-For first entry each
 * time: the platform's entry (the last) still counts, and no made-up address reaches Meta.
 */
import { expect, it } from 'vitest';
import type { EndpointUnderTest } from './track-input-contract.ts';

export interface BurstEndpoint extends EndpointUnderTest {
  /** The events the fake Graph API accepted. */
  metaAccepted: () => { event: { event_id: string; user_data: { client_ip_address?: string | null } } }[];
  /** The scheduled run, as Supabase Cron starts it, with those of `ids` whose attempt failed made due now. */
  deliverWaiting: (ids: string[]) => Promise<void>;
}

export function burstContract(endpoint: BurstEndpoint, limit = 30) {
  it(`answers 429 with Retry-After to a burst of 150 beyond ${limit}, recording none of those`, async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const header = (i: number) => (endpoint.ipHeader === 'x-forwarded-for' ? `192.0.2.${i % 250}, ${ip}` : ip);
    const bodies = Array.from({ length: 150 }, () => endpoint.event());
    const responses = await Promise.all(bodies.map((body, i) => endpoint.post(endpoint.url(), body, { [endpoint.ipHeader]: header(i) })));
    const statuses = responses.map((response) => response.status);
    const limited = responses.filter((response) => response.status === 429);
    console.log(`burst of 150: ${statuses.filter((status) => status === 202).length} × 202, ${limited.length} × 429`);
    expect(statuses.filter((status) => status === 202)).toHaveLength(limit);
    expect(limited).toHaveLength(150 - limit);
    expect(limited.every((response) => Number(response.headers.get('retry-after')) > 0)).toBe(true);
    expect(await limited[0]!.json()).toEqual({ error: 'too many events from this client: try again later' });
    const ids = bodies.filter((_, i) => responses[i]!.status === 202).map((body) => body.event_id);
    const ours = () => endpoint.metaAccepted().filter((entry) => ids.includes(entry.event.event_id));
    await expect.poll(async () => (ours().length < limit && (await endpoint.deliverWaiting(ids)), ours().length), { timeout: 60_000, interval: 500 }).toBe(limit);
    expect(new Set(ours().map((entry) => entry.event.event_id)).size).toBe(limit);
    expect(ours().every((entry) => entry.event.user_data.client_ip_address === ip)).toBe(true);
  });
}
