/**
 * A content file as the editor writes it: JSON with two-space indents and a final line break, as
 * every content file is kept, with the keys in the order the file had them (then new keys in the
 * schema's order), so a save changes only the lines that changed. Decap's form does not keep the
 * order of an object's keys.
 */
import { z } from 'astro/zod';
import { isRecord } from '~/lib/is-record';

type Json = unknown;

/** The keys of `schema`'s object shape, in its order (looking through optional, default and arrays to the object). */
function shapeOf(schema: z.ZodType | undefined): { keys: string[]; field: (key: string) => z.ZodType | undefined; element?: z.ZodType } {
  let at = schema as { _zod?: { def: Record<string, unknown> } } | undefined;
  while (at?._zod && (at._zod.def.type === 'optional' || at._zod.def.type === 'default' || at._zod.def.type === 'nullable')) at = at._zod.def.innerType as typeof at;
  const def = at?._zod?.def;
  if (def?.type === 'object') {
    const shape = def.shape as Record<string, z.ZodType>;
    return { keys: Object.keys(shape), field: (key) => shape[key] };
  }
  if (def?.type === 'array') return { keys: [], field: () => undefined, element: def.element as z.ZodType };
  if (def?.type === 'union') {
    const options = def.options as z.ZodType[];
    const shapes = options.map((option) => shapeOf(option));
    return { keys: [...new Set(shapes.flatMap((shape) => shape.keys))], field: (key) => shapes.map((shape) => shape.field(key)).find(Boolean) };
  }
  return { keys: [], field: () => undefined };
}

/** `value` with its objects' keys in the order of `before` (the file as it was), then of the schema, then any others. */
export function orderLike(value: Json, before: Json, schema?: z.ZodType): Json {
  const shape = shapeOf(schema);
  if (Array.isArray(value)) return value.map((item, index) => orderLike(item, Array.isArray(before) ? before[index] : undefined, shape.element));
  if (!isRecord(value)) return value;
  const old = isRecord(before) ? Object.keys(before) : [];
  const keys = [...new Set([...(value.$schema !== undefined ? ['$schema'] : []), ...old, ...shape.keys, ...Object.keys(value)])].filter((key) => key in value);
  return Object.fromEntries(keys.map((key) => [key, orderLike(value[key], isRecord(before) ? before[key] : undefined, shape.field(key))]));
}

export function canonicalJson(value: Json): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
