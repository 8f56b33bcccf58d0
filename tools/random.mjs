/**
 * mulberry32: a small seeded pseudo-random generator, so a tool's run can be repeated exactly
 * (the placeholder art, the tracking scripts' payloads and timings). Not for anything secret.
 */

/** Numbers in [0, 1), the same sequence for the same 32-bit seed. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
