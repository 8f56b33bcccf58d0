/** A uniformly random index into a list of `length` items, from a [0, 1) random source. */
export function randomIndex(length: number, random: () => number = Math.random): number {
  if (!Number.isInteger(length) || length < 1) throw new RangeError(`length must be 1 or more, got ${length}`);
  return Math.min(length - 1, Math.floor(random() * length));
}
