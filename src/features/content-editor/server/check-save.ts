/**
 * A save of the content editor checked by the same rules as the build, before anything is
 * written: each file is valid JSON of its collection (a list's entries each with their own id),
 * valid under the collection's zod schema, its pictures exist (in the store or in this save), the
 * collection's rule across entries holds (exactly one featured guide) with the other files as they
 * are in the store, and each picture is a real JPEG, PNG, WebP or AVIF of at most 10 MB with a safe
 * name, stored beside its collection's others. The answer is the files to write, in the form every
 * content file is kept (canonical-json.ts), or the problems, each with its file, line and field.
 */
import { z } from 'astro/zod';
import { type CheckedEntry, type CollectionSpec, collectionOfFile, schemaOf } from '~/lib/content-collections';
import { listEntries } from '~/lib/content-lists';
import { type ContentProblem, parseContentJson, problemAt, schemaProblems } from '~/lib/content-problems';
import { canonicalJson, orderLike } from './canonical-json';
import { imageProblem } from '../shared/image-bytes';
import { folderOf, isImagePath, relativePath, resolveFrom } from '../shared/paths';
import { cleanForSchema, imagesIn } from './schema-walk';
import type { ContentStore } from './store';
import { isRecord } from '~/lib/is-record';

export interface SaveInput {
  /** Content files as the form wrote them (a list file's text is its list). */
  files: { path: string; raw: string }[];
  /** Pictures picked in the form, with their bytes. */
  assets: { path: string; content: Uint8Array }[];
  /** Entries of folder collections to delete. */
  deletes?: string[];
}

export interface CheckedSave {
  writes: { path: string; content: Uint8Array }[];
  problems: ContentProblem[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const IMAGE = z.string();

type Reader = Pick<ContentStore, 'read' | 'list'>;

/** A file's entries, valid or not: what the schema says of each, and the entries a rule across the collection looks at. */
interface CheckedFile {
  text: string;
  problems: ContentProblem[];
  entries: CheckedEntry[];
}

/** Checks one file's text against its collection, with the pictures it may name. */
async function checkFile(
  path: string,
  raw: string,
  spec: CollectionSpec,
  previous: string | null,
  pictureExists: (path: string) => Promise<boolean>,
): Promise<CheckedFile> {
  const parsed = parseContentJson(path, raw);
  if (!parsed.ok) return { text: raw, problems: [parsed.problem], entries: [] };
  const schema = schemaOf(spec, IMAGE);
  const before = previous === null ? undefined : (JSON.parse(previous) as unknown);
  let data: unknown;
  if (spec.kind === 'list') {
    data = Array.isArray(parsed.data) ? parsed.data.map((item) => cleanForSchema(schema, item, IMAGE)) : parsed.data;
    data = orderLike(data, before, z.array(schema));
  } else {
    if (!isRecord(parsed.data)) return { text: raw, problems: [{ file: path, line: 1, column: 1, field: '', message: 'must be an object: { … }' }], entries: [] };
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
  if (!again.ok) return { text, problems: [again.problem], entries: [] };
  const tree = again.tree;
  const id = collectionOfFile(path)!.id;
  const items = spec.kind === 'list' ? listEntries(path, text, tree, data) : { entries: [{ id: id ?? '', data: data as Record<string, unknown>, at: [] }], problems: [] };
  const problems = [...items.problems];
  const entries: CheckedEntry[] = [];
  for (const entry of items.entries) {
    const result = await schema.safeParseAsync(entry.data);
    if (!result.success) {
      problems.push(...schemaProblems(path, text, tree, result.error.issues, entry.at));
      continue;
    }
    for (const picture of imagesIn(schema, entry.data, IMAGE)) {
      const where = resolveFrom(path, picture.value);
      if (!where || !isImagePath(where))
        problems.push(problemAt(path, text, tree, [...entry.at, ...picture.path], `must be a picture in src/content/images/, like ../images/resources/guide.jpg`));
      else if (!(await pictureExists(where))) problems.push(problemAt(path, text, tree, [...entry.at, ...picture.path], `there is no picture ${where}`));
    }
    entries.push({ id: entry.id, file: path, data: result.data as Record<string, unknown>, text, tree });
  }
  return { text, problems, entries };
}

/** The entries of a folder collection as they are in the store, but for the files this save writes or deletes. */
async function otherEntries(store: Reader, spec: CollectionSpec, skip: Set<string>): Promise<{ entries: CheckedEntry[]; problems: ContentProblem[] }> {
  const entries: CheckedEntry[] = [];
  const problems: ContentProblem[] = [];
  for (const listed of await store.list(spec.path)) {
    if (listed.type !== 'file' || !listed.path.endsWith('.json') || skip.has(listed.path)) continue;
    const stored = await store.read(listed.path);
    if (!stored) continue;
    const checked = await checkFile(listed.path, decoder.decode(stored.content), spec, decoder.decode(stored.content), async () => true);
    entries.push(...checked.entries);
    problems.push(...checked.problems);
  }
  return { entries, problems };
}

export async function checkSave(input: SaveInput, store: Reader): Promise<CheckedSave> {
  const problems: ContentProblem[] = [];
  const writes: CheckedSave['writes'] = [];
  const assets = new Map(input.assets.map((asset) => [asset.path, asset.content]));
  const deletes = new Set(input.deletes ?? []);
  const pictureExists = async (path: string) => assets.has(path) || (await store.read(path)) !== null;

  for (const asset of input.assets) {
    const name = asset.path.slice(asset.path.lastIndexOf('/') + 1);
    const problem = isImagePath(asset.path)
      ? imageProblem(name, asset.content)
      : `${asset.path}: a picture goes in src/content/images/<collection>/, named with lower-case letters, digits and dashes`;
    if (problem) problems.push({ file: asset.path, line: 1, column: 1, field: '', message: problem });
    else writes.push(asset);
  }

  const touched = new Map<string, { spec: CollectionSpec; entries: CheckedEntry[] }>();
  for (const file of input.files) {
    const found = collectionOfFile(file.path)!;
    const stored = await store.read(file.path);
    if (found.spec.images !== undefined) {
      for (const asset of input.assets) {
        if (folderOf(asset.path) !== found.spec.images) {
          problems.push({ file: asset.path, line: 1, column: 1, field: '', message: `a picture of ${found.spec.label} goes in ${found.spec.images}/` });
        }
      }
    }
    const checked = await checkFile(file.path, file.raw, found.spec, stored ? decoder.decode(stored.content) : null, pictureExists);
    problems.push(...checked.problems);
    writes.push({ path: file.path, content: encoder.encode(checked.text) });
    const group = touched.get(found.name) ?? { spec: found.spec, entries: [] };
    group.entries.push(...checked.entries);
    touched.set(found.name, group);
  }
  for (const path of deletes) {
    const found = collectionOfFile(path)!;
    if (!touched.has(found.name)) touched.set(found.name, { spec: found.spec, entries: [] });
  }

  // A rule across a folder's entries sees the others as they are in the store.
  for (const { spec, entries } of touched.values()) {
    if (!spec.check || problems.length) continue;
    const skip = new Set([...input.files.map((file) => file.path), ...deletes]);
    const others = await otherEntries(store, spec, skip);
    problems.push(...others.problems);
    const problem = spec.check([...others.entries, ...entries]);
    if (problem) problems.push(problem);
  }
  return { writes: problems.length ? [] : writes, problems };
}
