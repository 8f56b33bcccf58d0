/**
 * What a save's data holds, read along its zod schema: the pictures it names (with where), and the
 * data cleaned of what the form writes but the build refuses: an optional text the marketer emptied
 * (the form writes "", the build wants the field left out), a text the build lets be empty but not
 * absent that the form left out, a field the schema does not know, and a picture's path the form
 * writes without its leading `./`.
 */
import type { z } from 'astro/zod';
import { isRecord } from '~/lib/is-record';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
type Path = (string | number)[];

/** The schemas a union may mean for `value` (a discriminated union: the one its key names). */
function optionsFor(def: Def, value: unknown): z.ZodType[] {
  const options = def.options as z.ZodType[];
  const key = def.discriminator;
  if (typeof key !== 'string' || !isRecord(value)) return options;
  return options.filter((option) => {
    const literal = defOf((option as z.ZodObject).shape[key] as z.ZodType);
    return (literal.values as unknown[]).includes(value[key]);
  });
}

/** Every picture path in `value` (the fields whose schema is `image`), with its field's path. */
export function imagesIn(schema: z.ZodType, value: unknown, image: z.ZodType, path: Path = []): { path: Path; value: string }[] {
  if (schema === image) return typeof value === 'string' && value !== '' ? [{ path, value }] : [];
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
      return imagesIn(def.innerType as z.ZodType, value, image, path);
    case 'object':
      if (!isRecord(value)) return [];
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => imagesIn(field, value[key], image, [...path, key]));
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, index) => imagesIn(def.element as z.ZodType, item, image, [...path, index])) : [];
    case 'union':
      return optionsFor(def, value).flatMap((option) => imagesIn(option, value, image, path));
    default:
      return [];
  }
}

/** `value` cleaned as the module's comment says; everything else as it is. */
export function cleanForSchema(schema: z.ZodType, value: unknown, image: z.ZodType): unknown {
  if (schema === image) return typeof value === 'string' && /^[^./]/.test(value) ? `./${value}` : value;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return cleanForSchema(def.innerType as z.ZodType, value, image);
    case 'default':
    case 'nullable':
      return cleanForSchema(def.innerType as z.ZodType, value, image);
    case 'object': {
      if (!isRecord(value)) return value;
      const shape = def.shape as Record<string, z.ZodType>;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        // A field the schema does not know is not kept: the build would ignore it (the file's `$schema` excepted).
        if (!Object.hasOwn(shape, key)) {
          if (key === '$schema') out[key] = item;
          continue;
        }
        const field = shape[key]!;
        if (defOf(field).type === 'optional' && (item === '' || item === null)) continue;
        out[key] = cleanForSchema(field, item, image);
      }
      // A text the build lets be empty but not absent (the pixel id: empty turns it off), left out by the form.
      for (const [key, field] of Object.entries(shape)) {
        if (!(key in out) && !['optional', 'default'].includes(defOf(field).type) && field.safeParse('').success) out[key] = '';
      }
      return out;
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => cleanForSchema(def.element as z.ZodType, item, image)) : value;
    case 'union': {
      const [only, ...more] = optionsFor(def, value);
      return only && more.length === 0 ? cleanForSchema(only, value, image) : value;
    }
    default:
      return value;
  }
}
