/**
 * The per-client rate limit the track-conversion core asks before it reads a body. The core owns
 * the interface; each adapter passes its own implementation (a Cloudflare binding, or the
 * in-process counter here). Runtime-free.
 */

export type RateDecision = { ok: true } | { ok: false; retryAfterS: number };

/** Counts one request for `key` and says whether it is within the limit. */
export interface RateLimiter {
  limit(key: string): Promise<RateDecision>;
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
