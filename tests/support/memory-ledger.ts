/**
 * The ledger's contract in memory, for unit tests of the endpoint and the delivery (the SQL
 * itself is tested on PGlite and PostgreSQL in tests/integration/postgres-rls.test.ts).
 */
import type { ClaimedConversion, ConversionLedger, DeliveryStatus, LedgerRow, Outcome } from '../../supabase/functions/_shared/conversion-ledger';

export interface StoredRow extends Omit<LedgerRow, 'state'> {
  state: string;
  attempts: number;
  next_attempt_at: number | null;
  received_at: number;
  last_error_code: number | null;
  last_error_message: string | null;
  fbtrace_id: string | null;
  delivered_at: number | null;
}

export class MemoryLedger implements ConversionLedger {
  readonly rows = new Map<string, StoredRow>();
  status: DeliveryStatus | null = null;
  failing = false;

  constructor(readonly now: () => number = Date.now) {}

  async record(row: LedgerRow): Promise<'recorded' | 'duplicate'> {
    if (this.failing) throw new Error('ledger: record_conversion failed: connection refused');
    const existing = this.rows.get(row.event_id);
    if (existing && !(existing.state === 'not_consented' && row.consented)) return 'duplicate';
    this.rows.set(row.event_id, {
      ...row,
      attempts: existing?.attempts ?? 0,
      next_attempt_at: row.state === 'pending' ? this.now() : null,
      received_at: existing?.received_at ?? this.now(),
      last_error_code: null,
      last_error_message: null,
      fbtrace_id: null,
      delivered_at: null,
    });
    return 'recorded';
  }

  async claim(limit: number, eventId?: string, leaseS = 120): Promise<ClaimedConversion[]> {
    const now = this.now();
    const due = [...this.rows.values()]
      .filter((row) => row.state === 'pending' && row.next_attempt_at! <= now && (!eventId || row.event_id === eventId))
      .sort((a, b) => a.next_attempt_at! - b.next_attempt_at!)
      .slice(0, limit);
    return due.map((row) => {
      row.attempts += 1;
      row.next_attempt_at = now + leaseS * 1000;
      return {
        event_id: row.event_id,
        meta_event: row.meta_event!,
        attempts: row.attempts,
        event_time: row.event_time,
        received_at: new Date(row.received_at).toISOString(),
      };
    });
  }

  async settle(outcomes: Outcome[], status?: DeliveryStatus): Promise<void> {
    for (const outcome of outcomes) {
      const row = this.rows.get(outcome.event_id);
      if (!row || row.state !== 'pending') continue;
      if (outcome.outcome === 'delivered') {
        Object.assign(row, { state: 'delivered', delivered_at: this.now(), meta_event: null, next_attempt_at: null });
      } else if (outcome.outcome === 'failed') {
        Object.assign(row, { state: 'failed', next_attempt_at: null, last_error_code: outcome.code ?? null, last_error_message: outcome.message });
      } else {
        Object.assign(row, { next_attempt_at: Date.parse(outcome.next_attempt_at), last_error_code: outcome.code ?? null, last_error_message: outcome.message });
      }
      if (outcome.fbtrace_id) row.fbtrace_id = outcome.fbtrace_id;
    }
    if (status) this.status = status;
  }

  async purge(): Promise<number> {
    return 0;
  }

  /** Rows in a state. */
  inState(state: string): StoredRow[] {
    return [...this.rows.values()].filter((row) => row.state === state);
  }
}
