/**
 * The two stores the track-conversion core asks before it forwards an event: a per-client rate
 * limiter and the record of event ids already forwarded. The core owns the interfaces; each
 * adapter passes its own implementation (Cloudflare bindings, Postgres, or the in-process
 * ones here). Runtime-free.
 */

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
