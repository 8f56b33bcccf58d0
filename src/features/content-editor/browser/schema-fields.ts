/**
 * A content schema (zod) as the content editor's form fields: each field's name, label, hint,
 * widget, whether it is required, its choices, its list items or nested fields, and the zod rule
 * the editor checks it with (the build's own rule and message). Labels come from a field's
 * `.meta({ title })` or its name; hints from `.describe()`. A field is required in the form only
 * when the build refuses it both absent and blank (as the form writes a blank one). A field only
 * the site's owner may change (`ownerOnly()`) is read-only for anyone else. A schema part this
 * cannot place in a form throws, naming where it is (tests/unit/editor-config.test.ts runs it over
 * every collection).
 */
import { z } from 'astro/zod';
import { humanize } from '../shared/field-words';

export { humanize } from '../shared/field-words';
import { isOwnerOnly, isoDate } from '~/lib/schema-primitives';

export interface FormField {
  name: string;
  label: string;
  hint?: string;
  widget: 'string' | 'text' | 'number' | 'boolean' | 'select' | 'image' | 'datetime' | 'list' | 'object' | 'hidden' | 'owner-only';
  required: boolean;
  default?: unknown;
  /** select: the values it may take. */
  options?: string[];
  /** number: whole numbers only. */
  integer?: boolean;
  /** object, list of objects: the nested fields. */
  fields?: FormField[];
  /** list of single values: the item's field. */
  field?: FormField;
  /** list of several kinds of entry told apart by `typeKey` (a discriminated union). */
  types?: { name: string; label: string; fields: FormField[] }[];
  typeKey?: string;
  /** The zod rule of this field (leaves and lists): the id `fieldRule()` answers. */
  rule?: string;
  /** owner-only: the parts of the value it shows, with their labels. */
  parts?: ShownPart[];
}

/** A part of an owner-only field's value, as the read-only field names it. */
export interface ShownPart {
  name: string;
  label: string;
  parts?: ShownPart[];
}

/** What the form writes for a field left blank, by widget (a yes/no field is never blank). */
const BLANK: Partial<Record<FormField['widget'], unknown[]>> = {
  string: [''],
  text: [''],
  image: [''],
  datetime: [''],
  number: [''],
  select: [null, ''],
  list: [[]],
};

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/** Whether the build takes this field absent, or as the form writes it blank: then the form does not require it. */
export function mayBeEmpty(schema: z.ZodType, widget: FormField['widget']): boolean {
  return [undefined, ...(BLANK[widget] ?? [])].some((blank) => accepts(schema, blank));
}

/** Long texts get a text area: the fields named so, unless a field's meta says `multiline`. */
const LONG_TEXT = /^(description|lead|text|message|intro|paragraphs|items|subheadline|response|tagline|offer)$|Text$|Note$/;

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const metaOf = (schema: z.ZodType): Record<string, unknown> => (z.globalRegistry.get(schema) as Record<string, unknown> | undefined) ?? {};

/** The rules of the leaves, by id: filled as schemas are turned into fields. */
export class RuleBook {
  readonly #rules = new Map<string, z.ZodType>();
  add(id: string, rule: z.ZodType): string {
    this.#rules.set(id, rule);
    return id;
  }
  get(id: string): z.ZodType | undefined {
    return this.#rules.get(id);
  }
  get size(): number {
    return this.#rules.size;
  }
}

interface Walk {
  rules: RuleBook;
  /** Fields only the site's owner may change are shown read-only (the form of anyone but an admin). */
  ownerOnlyReadOnly?: boolean;
  /** Where the field is, for rule ids and errors: `resources.bullets[]`. */
  at: string;
  /** The schema that stands for an image path. */
  image: z.ZodType;
}

const shownParts = (field: FormField): ShownPart[] | undefined =>
  (field.fields ?? field.field?.fields)?.map((inner) => {
    const parts = shownParts(inner);
    return { name: inner.name, label: inner.label, ...(parts ? { parts } : {}) };
  });

/** The field for `schema` named `name`. */
export function toField(name: string, schema: z.ZodType, walk: Walk): FormField {
  if (walk.ownerOnlyReadOnly && isOwnerOnly(schema)) {
    const shown = toField(name, schema, { ...walk, ownerOnlyReadOnly: false, rules: new RuleBook() });
    const parts = shownParts(shown);
    // Required: the form does not call it optional; the read-only field always has its value (decap/OwnerOnly.tsx).
    return { name, label: shown.label, ...(shown.hint ? { hint: shown.hint } : {}), widget: 'owner-only', required: true, ...(parts ? { parts } : {}) };
  }
  const meta = metaOf(schema);
  const base = { name, label: typeof meta.title === 'string' ? meta.title : humanize(name), ...(schema.description ? { hint: schema.description } : {}) };
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default') {
    const inner = toField(name, def.innerType as z.ZodType, walk);
    const merged = {
      ...inner,
      ...(typeof meta.title === 'string' ? { label: meta.title } : {}),
      ...(schema.description ? { hint: schema.description } : {}),
      required: false,
    };
    if (def.type === 'default') merged.default = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
    // The whole field (optional or with its default) is the rule: empty is allowed there.
    return merged.rule ? { ...merged, rule: walk.rules.add(merged.rule, schema) } : merged;
  }
  const leaf = (widget: FormField['widget'], more: Partial<FormField> = {}): FormField => ({
    ...base,
    widget,
    required: !mayBeEmpty(schema, widget),
    // A text the build takes empty but not absent: a new entry writes it empty.
    ...(accepts(schema, '') && !accepts(schema, undefined) ? { default: '' } : {}),
    ...more,
    rule: walk.rules.add(walk.at, schema),
  });
  if (schema === walk.image) return leaf('image');
  if (schema === isoDate) return leaf('datetime');
  switch (def.type) {
    case 'string': {
      const multiline = typeof meta.multiline === 'boolean' ? meta.multiline : LONG_TEXT.test(name);
      return leaf(multiline ? 'text' : 'string');
    }
    case 'number': {
      const integer = (def.checks as { _zod: { def: { check: string; format?: string } } }[] | undefined)?.some(
        (check) => check._zod.def.format === 'safeint' || check._zod.def.check === 'number_format',
      );
      return leaf('number', integer ? { integer: true } : {});
    }
    case 'boolean':
      return leaf('boolean');
    case 'enum':
      return leaf('select', { options: Object.values(def.entries as Record<string, string>) });
    case 'literal':
      return leaf('hidden', { default: (def.values as unknown[])[0] });
    case 'object':
      return { ...base, widget: 'object', required: true, fields: objectFields(schema as z.ZodObject, walk) };
    case 'array': {
      const list = listField(base, def.element as z.ZodType, walk);
      return { ...list, required: !mayBeEmpty(schema, 'list'), rule: walk.rules.add(walk.at, schema) };
    }
    default:
      throw new Error(`${walk.at}: a ${def.type} has no place in the editor's form`);
  }
}

function listField(base: Pick<FormField, 'name' | 'label' | 'hint'>, element: z.ZodType, walk: Walk): FormField {
  const def = defOf(element);
  const inner = { ...walk, at: `${walk.at}[]` };
  if (def.type === 'object') return { ...base, widget: 'list', required: true, fields: objectFields(element as z.ZodObject, inner) };
  if (def.type === 'union' && typeof def.discriminator === 'string') {
    const key = def.discriminator;
    const types = (def.options as z.ZodObject[]).map((option) => {
      const literal = defOf(option.shape[key] as z.ZodType);
      const value = String((literal.values as unknown[])[0]);
      const fields = objectFields(option, { ...inner, at: `${inner.at}<${value}>` }).filter((field) => field.name !== key);
      return { name: value, label: humanize(value), fields };
    });
    return { ...base, widget: 'list', required: true, types, typeKey: key };
  }
  return { ...base, widget: 'list', required: true, field: toField(base.name, element, inner) };
}

/** The fields of an object schema, in its order. */
export function objectFields(schema: z.ZodObject, walk: Walk): FormField[] {
  return Object.entries(schema.shape).map(([name, value]) => toField(name, value as z.ZodType, { ...walk, at: `${walk.at}.${name}` }));
}
