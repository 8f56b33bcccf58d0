/**
 * The ledger's contract in memory, for unit tests of the endpoint and the delivery (the SQL
 * itself is tested on PGlite and PostgreSQL in tests/integration/postgres-rls.test.ts).
 */
import type { ClaimedConversion, ConversionLedger, DeliveryStatus, LedgerRow, Outcome } from '../../supabase/functions/_shared/conversion-ledger';
import type { ClaimedGoogleEvent, GoogleAdsPart, GoogleDeliveryStatus, GoogleOutcome, SentGoogleEvent } from '../../supabase/functions/_shared/google-ads-ledger';

/** A conversion's Google Ads row, as conversion_google_ads keeps it. */
export interface StoredGoogleRow extends Omit<GoogleAdsPart, 'state' | 'not_before'> {
  event_id: string;
  state: string;
  attempts: number;
  next_attempt_at: number | null;
  request_id: string | null;
  sent_at: number | null;
  last_error_reason: string | null;
  last_error_message: string | null;
  delivered_at: number | null;
}

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
  readonly google = new Map<string, StoredGoogleRow>();
  status: DeliveryStatus | null = null;
  googleStatus: GoogleDeliveryStatus | null = null;
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
    const part = row.google_ads;
    if (part && row.consented && !row.admin_visit && !this.google.has(row.event_id)) {
      this.google.set(row.event_id, {
        event_id: row.event_id,
        click_kind: part.click_kind,
        click_time: part.click_time,
        google_event: part.state === 'pending' ? part.google_event : null,
        state: part.state,
        attempts: 0,
        next_attempt_at: part.state === 'pending' ? Math.max(part.not_before ? Date.parse(part.not_before) : 0, this.now()) : null,
        request_id: null,
        sent_at: null,
        last_error_reason: null,
        last_error_message: null,
        delivered_at: null,
      });
    }
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

  async claimGoogle(limit: number, eventId?: string, leaseS = 120): Promise<ClaimedGoogleEvent[]> {
    const now = this.now();
    for (const row of this.google.values()) {
      if (row.state === 'pending' && Date.parse(row.click_time) < now - 90 * 86_400_000)
        Object.assign(row, { state: 'expired', google_event: null, next_attempt_at: null, last_error_reason: 'CLICK_TOO_OLD' });
    }
    return this.dueGoogle('pending', limit, eventId).map((row) => {
      row.attempts += 1;
      row.next_attempt_at = now + leaseS * 1000;
      return { event_id: row.event_id, google_event: row.google_event!, attempts: row.attempts, click_time: row.click_time };
    });
  }

  async claimGoogleChecks(limit: number, leaseS = 120): Promise<SentGoogleEvent[]> {
    const now = this.now();
    return this.dueGoogle('sent', limit).map((row) => {
      row.next_attempt_at = now + leaseS * 1000;
      return { event_id: row.event_id, request_id: row.request_id!, google_event: row.google_event!, sent_at: new Date(row.sent_at!).toISOString() };
    });
  }

  private dueGoogle(state: string, limit: number, eventId?: string): StoredGoogleRow[] {
    const now = this.now();
    return [...this.google.values()]
      .filter((row) => row.state === state && row.next_attempt_at! <= now && (!eventId || row.event_id === eventId))
      .sort((a, b) => a.next_attempt_at! - b.next_attempt_at!)
      .slice(0, limit);
  }

  async settleGoogle(outcomes: GoogleOutcome[], status?: GoogleDeliveryStatus): Promise<void> {
    for (const outcome of outcomes) {
      const row = this.google.get(outcome.event_id);
      if (!row) continue;
      const from = row.state;
      if (outcome.outcome === 'sent' && from === 'pending') {
        Object.assign(row, { state: 'sent', request_id: outcome.request_id, sent_at: this.now(), next_attempt_at: Date.parse(outcome.next_attempt_at) });
        Object.assign(row, { last_error_reason: null, last_error_message: null });
      } else if ((outcome.outcome === 'retry' && from === 'pending') || (outcome.outcome === 'check' && from === 'sent')) {
        row.next_attempt_at = Date.parse(outcome.next_attempt_at);
        if (outcome.reason !== undefined && outcome.reason !== null) row.last_error_reason = outcome.reason;
        if (outcome.message) row.last_error_message = outcome.message;
      } else if (outcome.outcome === 'delivered' && (from === 'pending' || from === 'sent')) {
        Object.assign(row, {
          state: 'delivered',
          google_event: null,
          next_attempt_at: null,
          delivered_at: this.now(),
          last_error_reason: null,
          last_error_message: null,
        });
      } else if ((outcome.outcome === 'partial' || outcome.outcome === 'failed') && (from === 'pending' || from === 'sent')) {
        Object.assign(row, { state: outcome.outcome, google_event: null, next_attempt_at: null, last_error_reason: outcome.reason, last_error_message: outcome.message });
        if (outcome.outcome === 'partial') row.delivered_at = this.now();
      }
    }
    if (status) this.googleStatus = status;
  }

  /** Google rows in a state. */
  googleInState(state: string): StoredGoogleRow[] {
    return [...this.google.values()].filter((row) => row.state === state);
  }

  async purge(): Promise<number> {
    return 0;
  }

  /** Rows in a state. */
  inState(state: string): StoredRow[] {
    return [...this.rows.values()].filter((row) => row.state === state);
  }
}
