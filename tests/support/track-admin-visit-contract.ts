/**
 * The coach's own visit, as every track-conversion endpoint must record it (tests/integration/
 * track-conversion.test.ts runs it against each real runtime): sent with the admin's session (its
 * access token), recorded apart and never sent to Meta; a member's token, or one Supabase did not
 * sign, is a visitor's conversion.
 */
import { expect, it } from 'vitest';
import type { Standin } from '../../supabase/local/server.ts';
import { ADMIN, MEMBER, accessTokenOf } from './standin.ts';
import type { EndpointUnderTest } from './track-input-contract.ts';

export interface OwnVisitEndpoint extends EndpointUnderTest {
  standin: () => Standin;
  /** The ledger's row of an event id. */
  row: (eventId: string) => Promise<Record<string, unknown> | undefined>;
  /** The events with this id the fake Graph API accepted. */
  accepted: (eventId: string) => unknown[];
}

const eventually = (check: () => unknown) => expect.poll(check, { timeout: 15_000, interval: 100 });

export function adminVisitContract(endpoint: OwnVisitEndpoint) {
  it('records a conversion sent with the admin’s session as her own visit, never sent; a member’s or a forged token counts as a visitor’s', async () => {
    const standin = endpoint.standin();
    const [{ id }] = (await standin.db.query<{ id: string }>(`select id from auth.users where email = $1`, [ADMIN.email])).rows as [{ id: string }];
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const tokens = {
      admin: await accessTokenOf(standin, ADMIN),
      member: await accessTokenOf(standin, MEMBER),
      forged: `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ role: 'authenticated', sub: id })}.${part({ not: 'signed' })}`,
    };
    const bodies = { admin: endpoint.event(), member: endpoint.event(), forged: endpoint.event() };
    // A client of its own (a /64 no other test uses), so no other test's requests count against its limit.
    const client = `2001:db8:0:${Math.floor(Math.random() * 0xfff0 + 1).toString(16)}::1`;
    const before = endpoint.acceptedCount();
    for (const who of ['admin', 'member', 'forged'] as const) {
      const response = await endpoint.post(endpoint.url(), bodies[who], { authorization: `Bearer ${tokens[who]}`, [endpoint.ipHeader]: client });
      expect(response.status, who).toBe(202);
    }
    await eventually(() => endpoint.acceptedCount() - before).toBe(2);
    expect(endpoint.accepted(bodies.admin.event_id)).toHaveLength(0);
    expect(await endpoint.row(bodies.admin.event_id)).toMatchObject({ admin_visit: true, state: 'admin_visit', consented: true, meta_event: null });
    for (const who of ['member', 'forged'] as const) await eventually(() => endpoint.row(bodies[who].event_id)).toMatchObject({ admin_visit: false, state: 'delivered' });
  });
}
