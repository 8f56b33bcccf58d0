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

/**
 * The client a limit counts, from its IP address: an IPv4 address on its own (also when written
 * as IPv4-mapped IPv6, `::ffff:192.0.2.1`); an IPv6 address by its /64 (`2001:db8:0:0::/64`),
 * the block a line or host is given, where one client may use any of its 2^64 addresses.
 * Anything else counts as written; no address at all is one client, `unknown`.
 */
export function rateKey(ip: string | null): string {
  const written = ip?.trim() ?? '';
  if (!written) return 'unknown';
  if (!written.includes(':')) return written;
  const groups = ipv6Groups(written.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, ''));
  if (!groups) return written;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  const prefix = groups.slice(0, 4).map((group) => group.toString(16));
  return `${prefix.join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (`::` and a dotted IPv4 tail expanded), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const v4 = /:(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const bytes = v4.slice(1).map(Number);
    if (bytes.some((byte) => byte > 255)) return null;
    text = `${text.slice(0, v4.index)}:${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const [head, tail] = halves.map((half) => (half === '' ? [] : half.split(':')));
  const written = [...head!, ...(tail ?? [])];
  if (!written.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const zeros = 8 - written.length;
  if (tail ? zeros < 1 : zeros !== 0) return null;
  return [...head!, ...Array<string>(zeros).fill('0'), ...(tail ?? [])].map((group) => parseInt(group, 16));
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
