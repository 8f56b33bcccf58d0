/**
 * A field's value checked, as the form holds it, with the build's own rule for that field (the
 * zod schema the collection's schema gives it): the message a person reads on the field, or null.
 */
import type { z } from 'astro/zod';

export interface FieldShape {
  /** A list or object whose items are fields of their own: those carry their own messages. */
  hasSubfields: boolean;
}

interface Immutable {
  toJS(): unknown;
}
const isImmutable = (value: unknown): value is Immutable => typeof value === 'object' && value !== null && typeof (value as Immutable).toJS === 'function';

/** Decap's form holds lists and objects as Immutable values: the rule reads them as JSON. */
export function plainValue(value: unknown): unknown {
  return isImmutable(value) ? value.toJS() : value;
}

/** What a cleared field holds in Decap: "" (text, number, image), null (select), [] (list). */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * The value is checked as the form writes it ("" for an emptied text: a pixel id the build takes
 * empty); a blank field the build takes absent passes too, as the save leaves it out of the file.
 */
export function fieldMessage(rule: z.ZodType, value: unknown, field: FieldShape): string | null {
  const plain = plainValue(value);
  const result = rule.safeParse(plain);
  if (result.success || (isBlank(plain) && rule.safeParse(undefined).success)) return null;
  const issue = result.error.issues.find((candidate) => !field.hasSubfields || candidate.path.length === 0);
  return issue?.message ?? null;
}
