/**
 * One content file of a save, checked by the same rules as the build before anything is written:
 * valid JSON of its collection (a list's entries each with their own id), valid under the
 * collection's zod schema (the one src/content.config.ts builds with: links, dates, ids and every
 * other rule), and each picture it names one of the site's pictures that exists. The answer is the
 * file as every content file is kept (canonical-json.ts), its data, the entries a rule across the
 * collection looks at, and the problems, each with its file, line and field.
 */
import { z } from 'astro/zod';
import { type CheckedEntry, type CollectionSpec, collectionOfFile, schemaOf } from '~/lib/content-collections';
import { listEntries } from '~/lib/content-lists';
import { type ContentProblem, parseContentJson, problemAt, schemaProblems } from '~/lib/content-problems';
import { isRecord } from '~/lib/is-record';
import { pictureWords } from '../shared/field-words';
import { folderOf, isImagePath, relativePath, resolveFrom } from '../shared/paths';
import { canonicalJson, orderLike } from './canonical-json';
import { checkNesting } from './request-body';
import { cleanForSchema, imagesIn } from './schema-walk';

const IMAGE = z.string();

export interface CheckedFile {
  /** The file as it is kept (the form's text when it is not JSON at all). */
  text: string;
  /** Its data, cleaned as the build wants it (undefined when it is not JSON). */
  data: unknown;
  problems: ContentProblem[];
  /** Its valid entries (a list's, or the one of a page or a folder's file), for a rule across the collection. */
  entries: CheckedEntry[];
}

/** The pictures an entry's data names, as repository paths (null: a path that leads nowhere allowed). */
export function picturesIn(spec: CollectionSpec, path: string, data: unknown): { at: (string | number)[]; picture: string | null }[] {
  if (spec.images === undefined) return [];
  const schema = schemaOf(spec, IMAGE);
  const entries = spec.kind === 'list' ? (Array.isArray(data) ? data.map((entry, index) => ({ entry, at: [index] })) : []) : [{ entry: data, at: [] }];
  return entries.flatMap(({ entry, at }) =>
    imagesIn(schema, entry, IMAGE).map((found) => {
      const where = resolveFrom(path, found.value);
      return { at: [...at, ...found.path], picture: where && isImagePath(where) ? where : null };
    }),
  );
}

/** Checks one file's text against its collection; `pictureExists` says whether a picture will be there once the save is made. */
export async function checkFile(
  path: string,
  raw: string,
  spec: CollectionSpec,
  previous: string | null,
  pictureExists: (path: string) => boolean,
): Promise<CheckedFile> {
  checkNesting(raw, 'The file');
  const parsed = parseContentJson(path, raw);
  if (!parsed.ok) return { text: raw, data: undefined, problems: [parsed.problem], entries: [] };
  const schema = schemaOf(spec, IMAGE);
  const before = previous === null ? undefined : (JSON.parse(previous) as unknown);
  let data: unknown;
  if (spec.kind === 'list') {
    data = Array.isArray(parsed.data) ? parsed.data.map((item) => cleanForSchema(schema, item, IMAGE)) : parsed.data;
    data = orderLike(data, before, z.array(schema));
  } else {
    if (!isRecord(parsed.data))
      return { text: raw, data: undefined, problems: [{ file: path, line: 1, column: 1, field: '', message: 'must be an object: { … }' }], entries: [] };
    const withSchema = { ...(cleanForSchema(schema, parsed.data, IMAGE) as Record<string, unknown>) };
    const named = isRecord(before) ? before.$schema : undefined;
    withSchema.$schema =
      typeof withSchema.$schema === 'string'
        ? withSchema.$schema
        : (named ?? relativePath(folderOf(path), `.astro/collections/${collectionOfFile(path)!.name}.schema.json`));
    data = orderLike(withSchema, before, schema);
  }
  const text = canonicalJson(data);
  const again = parseContentJson(path, text);
  if (!again.ok) return { text, data, problems: [again.problem], entries: [] };
  const tree = again.tree;
  const id = collectionOfFile(path)!.id;
  const items = spec.kind === 'list' ? listEntries(path, text, tree, data) : { entries: [{ id: id ?? '', data: data as Record<string, unknown>, at: [] }], problems: [] };
  const problems = [...items.problems];
  const entries: CheckedEntry[] = [];
  for (const entry of items.entries) {
    const result = await schema.safeParseAsync(entry.data);
    if (!result.success) problems.push(...schemaProblems(path, text, tree, result.error.issues, entry.at));
    else entries.push({ id: entry.id, file: path, data: result.data as Record<string, unknown>, text, tree });
  }
  if (problems.length === 0) {
    for (const { at, picture } of picturesIn(spec, path, data)) {
      if (!picture) problems.push(problemAt(path, text, tree, at, 'must be one of the site’s pictures: choose it with the picture button'));
      else if (!pictureExists(picture)) problems.push(problemAt(path, text, tree, at, `there is no picture ${pictureWords(picture)}: choose it again`));
    }
  }
  return { text, data, problems, entries };
}
