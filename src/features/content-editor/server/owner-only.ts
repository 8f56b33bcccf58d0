/**
 * Which fields only the site's owner may change (`ownerOnly()` in src/lib/schema-primitives.ts)
 * a save would change: the endpoint compares an editor's save with the file as stored, field by
 * field along the collection's schema, and refuses it (403) naming each one.
 */
import type { z } from 'astro/zod';
import { isOwnerOnly } from '~/lib/schema-primitives';
import { isRecord } from '~/lib/is-record';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
type Path = (string | number)[];

/** The same JSON value, whatever the order of an object's keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (isRecord(a) || isRecord(b)) {
    if (!isRecord(a) || !isRecord(b)) return false;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameJson(a[key], b[key]));
  }
  return a === b;
}

/** The paths of the values that differ between two JSON values, down to the fields that changed. */
function differences(before: unknown, after: unknown, path: Path): Path[] {
  if (sameJson(before, after)) return [];
  if (isRecord(before) && isRecord(after))
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) => differences(before[key], after[key], [...path, key]));
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) return before.flatMap((item, i) => differences(item, after[i], [...path, i]));
  return [path];
}

/** The paths of the owner-only fields (the fields inside one, for a group) whose value in `after` is not the one in `before`. */
export function ownerOnlyChanges(schema: z.ZodType, before: unknown, after: unknown, path: Path = []): Path[] {
  if (isOwnerOnly(schema)) return differences(before, after, path);
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
      return ownerOnlyChanges(def.innerType as z.ZodType, before, after, path);
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
        ownerOnlyChanges(field, isRecord(before) ? before[key] : undefined, isRecord(after) ? after[key] : undefined, [...path, key]),
      );
    case 'array': {
      const length = Math.max(Array.isArray(before) ? before.length : 0, Array.isArray(after) ? after.length : 0);
      return Array.from({ length }, (_, i) =>
        ownerOnlyChanges(def.element as z.ZodType, Array.isArray(before) ? before[i] : undefined, Array.isArray(after) ? after[i] : undefined, [...path, i]),
      ).flat();
    }
    case 'union': {
      const found = (def.options as z.ZodType[]).flatMap((option) => ownerOnlyChanges(option, before, after, path));
      return [...new Map(found.map((at) => [JSON.stringify(at), at])).values()];
    }
    default:
      return [];
  }
}
