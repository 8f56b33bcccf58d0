/**
 * Where a refused save's problem is, in words the marketer knows, never a path, a content file's
 * name or a key: a field of the entry she saved by its labels in the form ("Hero › Title"); a
 * field of another entry with that entry's name, a guide's title or else its collection's name
 * ("Featured in “Fast Food Guide”"); a picture by its own file name.
 */
import { fill } from '~/features/admin/text';
import type { ContentProblem, ProblemPlace } from './content-client';
import type { ContentEditorCopy } from '../shared/schema';
import { parseFieldPath } from './rejections';
import { humanize } from './schema-fields';

/** A field as Decap's configuration has it (the generated one: editor-config.ts). */
export interface PlacedField {
  name: string;
  label?: string;
  fields?: PlacedField[];
  field?: PlacedField;
  types?: { fields: PlacedField[] }[];
  /** A read-only field's parts (owner-only). */
  parts?: PlacedField[];
}

export interface PlacedCollection {
  label: string;
  folder?: string;
  files?: { file: string; label: string; fields: PlacedField[] }[];
  fields?: PlacedField[];
}

const PICTURE = /\.(?:jpe?g|png|webp|avif|gif|heic)$/i;

/** The fields inside a field, whatever kind it is. */
const inside = (field: PlacedField): PlacedField[] =>
  field.fields ?? field.parts ?? field.types?.flatMap((type) => type.fields) ?? (field.field ? (field.field.fields ?? field.field.parts ?? []) : []);

/** The labels along a field's path (`hero.title` → Hero › Title; `[2].author` → Author). */
export function fieldWords(fields: readonly PlacedField[], path: string): string {
  let level: readonly PlacedField[] = fields;
  // A list file's form is its one list: its problems' paths start at an item (`[2].author`).
  if (level.length === 1 && level[0]!.name === 'items' && /^\[/.test(path)) level = inside(level[0]!);
  const labels: string[] = [];
  for (const part of parseFieldPath(path)) {
    if (typeof part === 'number') continue;
    const found = level.find((field) => field.name === part);
    labels.push(found?.label ?? humanize(part));
    level = found ? inside(found) : [];
  }
  return labels.join(' › ');
}

export interface PlaceSettings {
  collections: readonly PlacedCollection[];
  words: ContentEditorCopy['problems'];
  /** A folder entry's own name (a guide's title), where the editor has read it. */
  entryName: (file: string) => string | null;
}

/** The place of a problem of a save that sent the files `sent`. */
export function problemPlace({ collections, words, entryName }: PlaceSettings, sent: readonly string[]): ProblemPlace {
  return ({ file, field }: Pick<ContentProblem, 'file' | 'field'>) => {
    const name = file.slice(file.lastIndexOf('/') + 1);
    if (PICTURE.test(name)) return fill(words.picture, { name });
    const collection = collections.find(({ folder, files }) => (folder && file.startsWith(`${folder}/`)) || files?.some((form) => form.file === file));
    const form = collection?.files?.find((candidate) => candidate.file === file);
    const label = field ? fieldWords(collection?.fields ?? form?.fields ?? [], field) : '';
    if (sent.includes(file)) return label;
    const titled = entryName(file);
    const entry = titled ? `“${titled}”` : (form?.label ?? collection?.label ?? '');
    return label ? fill(words.inEntry, { field: label, entry }) : entry;
  };
}
