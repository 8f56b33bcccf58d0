/**
 * Where a refused save's problem is, in words the marketer knows, never a path, a content file's
 * name or a key: a field of the entry she saved by its labels in the form ("Hero › Title", the
 * labels the form is generated with: shared/field-words.ts); a
 * field of another entry with that entry's name, a guide's title or else its collection's name
 * ("Featured in “Fast Food Guide”"); a picture by its own file name.
 */
import { fill } from '~/features/admin/text';
import type { ContentProblem, ProblemPlace } from './content-client';
import type { ContentEditorCopy } from '../shared/schema';
import { collectionOfFile } from '~/lib/content-collections';
import { fieldWords } from '../shared/field-words';

/** A collection as Decap's configuration has it (the generated one: editor-config.ts). */
export interface PlacedCollection {
  label: string;
  folder?: string;
  files?: { file: string; label: string }[];
}

const PICTURE = /\.(?:jpe?g|png|webp|avif|gif|heic)$/i;

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
    const spec = collectionOfFile(file)?.spec;
    const label = field && spec ? fieldWords(spec, field) : '';
    if (sent.includes(file)) return label;
    const titled = entryName(file);
    const entry = titled ? `“${titled}”` : (form?.label ?? collection?.label ?? '');
    return label ? fill(words.inEntry, { field: label, entry }) : entry;
  };
}
