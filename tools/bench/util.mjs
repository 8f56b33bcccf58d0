/** Small shared helpers for the benchmark: logging to stderr, timing, statistics. */

/** Progress goes to stderr so that stdout stays clean Markdown. */
export const log = (...parts) => console.error('[bench]', ...parts);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Median of the finite numbers in `values`; null when there are none. */
export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Resolves to `promise`'s value, or to `fallback` after `ms` (never rejects). */
export async function withTimeout(promise, ms, fallback) {
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise.catch(() => fallback), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const errorMessage = (err) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

/** Thrown when something starts while the bench is shutting down (Ctrl-C); loops let it through. */
export class BenchStopped extends Error {
  constructor() {
    super('the bench is stopping');
    this.name = 'BenchStopped';
  }
}
