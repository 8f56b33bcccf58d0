/**
 * Content as the marketer knows it: a field by the label the form gives it (its `.meta({ title })`,
 * else its name in words), a place in a list by its number, a file by its collection's name or a
 * guide by its title. What the endpoint and the form say never names a file path or a JSON key.
 */
import { z } from 'astro/zod';
import { type CollectionSpec, collectionOfFile, schemaOf } from '~/lib/content-collections';
import { isRecord } from '~/lib/is-record';

/** `spotsLeft` → "Spots left", `ogImageAlt` → "Og image alt", `muscle-building` → "Muscle building". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const titleOf = (schema: z.ZodType | undefined): string | undefined => {
  const title = schema && (z.globalRegistry.get(schema) as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? title : undefined;
};

/** The schema at one step down: a field of an object, the items of a list (through optional, default and unions). */
function stepInto(schema: z.ZodType | undefined, key: string | number): z.ZodType | undefined {
  let at = schema;
  while (at && ['optional', 'default', 'nullable'].includes(defOf(at).type)) at = defOf(at).innerType as z.ZodType;
  if (!at) return undefined;
  const def = defOf(at);
  if (def.type === 'array') return typeof key === 'number' ? (def.element as z.ZodType) : undefined;
  if (def.type === 'object') return (def.shape as Record<string, z.ZodType>)[String(key)];
  if (def.type === 'union') return (def.options as z.ZodType[]).map((option) => stepInto(option, key)).find(Boolean);
  return undefined;
}

/** `[2].author` → ['[2]', 'author'] as steps: numbers for list places. */
export function fieldSteps(field: string): (string | number)[] {
  return [...field.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map(([, index, name]) => (index !== undefined ? Number(index) : name!));
}

/** A field of a collection's entry in words: "Claims › Members", "Item 3 › Author". */
export function fieldWords(spec: CollectionSpec, field: string): string {
  let schema: z.ZodType | undefined = spec.kind === 'list' ? z.array(schemaOf(spec)) : schemaOf(spec);
  const words: string[] = [];
  for (const step of fieldSteps(field)) {
    schema = stepInto(schema, step);
    words.push(typeof step === 'number' ? `Item ${step + 1}` : (titleOf(schema) ?? humanize(step)));
  }
  return words.join(' › ');
}

/** A content file as the marketer knows it: "the guide “Fit Baddie Blueprint”", "Site settings". */
export function fileWords(path: string, data?: unknown): string {
  const found = collectionOfFile(path);
  if (!found) return 'this file';
  if (found.spec.kind === 'folder') {
    const title = isRecord(data) && typeof data.title === 'string' && data.title.trim() ? data.title.trim() : humanize(found.id ?? '');
    return `“${title}” (${found.spec.label})`;
  }
  return found.spec.label;
}

/** A picture as the marketer knows it: its file name. */
export const pictureWords = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
