/**
 * The two stores the track-conversion core asks before it forwards an event: a per-client rate
 * limiter and the record of event ids already forwarded. The core owns the interfaces; each
 * adapter passes its own implementation (Cloudflare bindings, Postgres, or the in-process
 * ones here). Runtime-free.
 */
import { supabaseKeyHeaders } from './supabase-key.ts';

export type RateDecision = { ok: true } | { ok: false; retryAfterS: number };

/** Counts one request for `key` and says whether it is within the limit. */
export interface RateLimiter {
  limit(key: string): Promise<RateDecision>;
}

/** Event ids forwarded to Meta, each kept for `ttlS` seconds. */
export interface EventIdStore {
  /** Records `id`; false when it is already recorded (a replay). */
  claim(id: string, ttlS: number): Promise<boolean>;
  /** Forgets `id` (forwarding failed, so a retry may send it). */
  release(id: string): Promise<void>;
}

/** Default: 30 events per client per minute (a visitor converts once; a shared NAT a few times). */
export const DEFAULT_RATE_LIMIT = 30;
export const RATE_PERIOD_S = 60;

/** A fixed-window counter per key, in this process (isolate) only. */
export class FixedWindowLimiter implements RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly max: number,
    readonly periodMs: number,
    readonly now: () => number = Date.now,
    readonly maxKeys = 10_000,
  ) {}

  limit(key: string): Promise<RateDecision> {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || now - window.start >= this.periodMs) {
      if (this.#windows.size >= this.maxKeys) this.#sweep(now);
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    if (window.count >= this.max) {
      return Promise.resolve({ ok: false, retryAfterS: Math.max(1, Math.ceil((window.start + this.periodMs - now) / 1000)) });
    }
    window.count += 1;
    return Promise.resolve({ ok: true });
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) if (now - window.start >= this.periodMs) this.#windows.delete(key);
    // Still full: the oldest keys go (Map keeps insertion order).
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < this.maxKeys) break;
      this.#windows.delete(key);
    }
  }
}

/** Cloudflare's Workers rate limiting binding (`env.X.limit({ key })`). */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** The binding reports no window, so Retry-After is its period. */
export function bindingLimiter(binding: RateLimitBinding, periodS = RATE_PERIOD_S): RateLimiter {
  return {
    limit: async (key) => ((await binding.limit({ key })).success ? { ok: true } : { ok: false, retryAfterS: periodS }),
  };
}

/** Event ids in this process only, expiring after their TTL. */
export class MemoryEventIdStore implements EventIdStore {
  readonly #expires = new Map<string, number>();

  constructor(
    readonly now: () => number = Date.now,
    readonly maxIds = 100_000,
  ) {}

  claim(id: string, ttlS: number): Promise<boolean> {
    const now = this.now();
    const expires = this.#expires.get(id);
    if (expires !== undefined && expires > now) return Promise.resolve(false);
    if (this.#expires.size >= this.maxIds) {
      for (const [key, at] of this.#expires) if (at <= now) this.#expires.delete(key);
      for (const key of this.#expires.keys()) {
        if (this.#expires.size < this.maxIds) break;
        this.#expires.delete(key);
      }
    }
    this.#expires.delete(id);
    this.#expires.set(id, now + ttlS * 1000);
    return Promise.resolve(true);
  }

  release(id: string): Promise<void> {
    this.#expires.delete(id);
    return Promise.resolve();
  }
}

/** The part of a Workers KV namespace binding the store uses. */
export interface KvNamespace {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * Event ids in Workers KV with a TTL. KV is eventually consistent and has no compare-and-set:
 * replays are caught, two copies posted at the same instant to different locations may both pass
 * (Meta deduplicates those by event_id too).
 */
export function kvEventIdStore(kv: KvNamespace, prefix = 'event_id:'): EventIdStore {
  return {
    claim: async (id, ttlS) => {
      if ((await kv.get(prefix + id)) !== null) return false;
      await kv.put(prefix + id, '1', { expirationTtl: Math.max(60, ttlS) });
      return true;
    },
    release: (id) => kv.delete(prefix + id),
  };
}

export interface PostgrestEventIdStoreOptions {
  /** The project URL (Supabase's SUPABASE_URL), without `/rest/v1`. */
  url: string;
  /** The service role key: only service_role may execute the two functions. */
  serviceKey: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** How long one call may take before the store counts as unavailable. */
  timeoutMs?: number;
}

/**
 * Event ids in Postgres (`public.conversion_event_ids`, supabase/migrations), through
 * PostgREST's RPC: `claim_conversion_event_id` records an id atomically and says whether it was
 * new, `release_conversion_event_id` forgets it. The 48-hour window is the SQL function's, so
 * `ttlS` is not sent. A call that fails (non-2xx, network, timeout) throws an Error naming the
 * function, the status and PostgREST's message.
 */
export function postgrestEventIdStore(options: PostgrestEventIdStoreOptions): EventIdStore {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 5000;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...supabaseKeyHeaders(options.serviceKey),
  };

  async function call(fn: string, eventId: string): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(`${base}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ p_event_id: eventId }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new Error(`event id store: ${fn} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    let detail = text.slice(0, 300);
    try {
      const body = JSON.parse(text) as { message?: unknown; code?: unknown };
      if (typeof body.message === 'string') detail = typeof body.code === 'string' ? `${body.message} (${body.code})` : body.message;
    } catch {
      // Not PostgREST's JSON (a gateway's page): the text as it came.
    }
    throw new Error(`event id store: ${fn} answered ${response.status}${detail ? `: ${detail}` : ''}`);
  }

  return {
    claim: async (id) => {
      const response = await call('claim_conversion_event_id', id);
      const text = await response.text();
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = undefined;
      }
      if (typeof value !== 'boolean') throw new Error(`event id store: claim_conversion_event_id answered ${response.status} without a boolean: ${text.slice(0, 100)}`);
      return value;
    },
    release: async (id) => {
      const response = await call('release_conversion_event_id', id);
      await response.body?.cancel();
    },
  };
}
