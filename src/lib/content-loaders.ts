/**
 * The loaders of the content collections (src/content.config.ts): a list file (`jsonList`: a JSON
 * array of entries with an `id`) and a folder of one-entry files (`jsonFolder`: the file name is the
 * id). They read a collection whole: a bad edit anywhere in it is reported with the file, the line
 * and column and the field (src/lib/content-problems.ts), and none of the collection's entries is
 * kept, so a page never shows some of the entries as if nothing were wrong.
 *  - `npm run build` (and `astro sync`) stop with that report (an AstroError, whose location is the
 *    file, line and column).
 *  - `npm run dev` logs it, and the collection holds one entry, the problem, in place of its entries:
 *    a page that reads it throws it (src/lib/content.ts) and Astro shows its error overlay. Saving the
 *    file fixed reloads the collection.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BaseSchema, SchemaContext } from 'astro:content';
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import type { Node } from 'jsonc-parser';
import type { CollectionCheck } from './content-collections.ts';
import { listEntries } from './content-lists.ts';
import { ContentError, type ContentProblem, PROBLEM_ENTRY_ID, lineAndColumn, parseContentJson, problemReport, schemaProblems } from './content-problems.ts';
import { isRecord } from './is-record.ts';

/** A collection's schema as content.config.ts gives it (a function of Astro's `image()` for those with images). */
export type CollectionSchema = BaseSchema | ((context: SchemaContext) => BaseSchema);

/** One entry as read from its file, before validation. */
interface RawEntry {
  id: string;
  data: Record<string, unknown>;
  /** Absolute path (Astro resolves an entry's image paths from it). */
  path: string;
  file: string;
  text: string;
  tree: Node;
  /** Where the entry is in its file: `[3]` in a list, nothing in a one-entry file. */
  at: (string | number)[];
}

type Read = { entries: RawEntry[]; problems: ContentProblem[] };

/** The schema without Astro's image resolution: only used to name the fields of a failed validation. */
const plainSchema = (schema: CollectionSchema): BaseSchema =>
  // An image is a path in the file; Astro's own JSON Schema of a collection reads it the same way.
  typeof schema === 'function' ? schema({ image: () => z.string() } as unknown as SchemaContext) : schema;

/** The problems of an entry whose validation failed: each field of the schema's issues, else Astro's own message. */
function validationProblems(entry: RawEntry, schema: CollectionSchema, error: unknown): ContentProblem[] {
  const result = z.safeParse(plainSchema(schema), entry.data, { reportInput: true });
  if (!result.success) return schemaProblems(entry.file, entry.text, entry.tree, result.error.issues, entry.at);
  const message = error instanceof Error ? error.message.replace(/\*\*/g, '') : String(error);
  return [{ file: entry.file, ...lineAndColumn(entry.text, 0), field: '', message }];
}

/** Reads, validates and stores a collection; reports a bad edit as the module's comment says. */
async function loadCollection(context: LoaderContext, read: () => Promise<Read>, schema: CollectionSchema, check?: CollectionCheck): Promise<void> {
  const { entries, problems } = await read();
  const parsed: { entry: RawEntry; data: Record<string, unknown> }[] = [];
  for (const entry of entries) {
    try {
      parsed.push({ entry, data: await context.parseData({ id: entry.id, data: entry.data, filePath: entry.path }) });
    } catch (error) {
      problems.push(...validationProblems(entry, schema, error));
    }
  }
  if (!problems.length && check) {
    const problem = check(parsed.map(({ entry, data }) => ({ id: entry.id, file: entry.file, data, text: entry.text, tree: entry.tree })));
    if (problem) problems.push(problem);
  }
  context.store.clear();
  const [first, ...more] = problems;
  if (first) {
    // Without a watcher this is a build (or `astro sync`): it stops here, with the file, line and field.
    if (!context.watcher) throw new ContentError(fileURLToPath(context.config.root), [first, ...more]);
    context.logger.error(`A content file has a bad edit:\n${problemReport(problems)}`);
    context.store.set({ id: PROBLEM_ENTRY_ID, data: { problems } });
    return;
  }
  for (const { entry, data } of parsed) context.store.set({ id: entry.id, data, filePath: entry.file });
}

/** The path of a file from the project's root, with forward slashes (as Astro names entries' files). */
const fromRoot = (context: LoaderContext, path: string) => relative(fileURLToPath(context.config.root), path).split(sep).join('/');

async function readJson(context: LoaderContext, path: string) {
  const file = fromRoot(context, path);
  const text = await readFile(path, 'utf8');
  return { file, text, parsed: parseContentJson(file, text) };
}

/** Reloads the collection when one of its files changes (`npm run dev`), one load after the other, so the last one reads the last save. */
function watch(context: LoaderContext, paths: string | string[], matches: (path: string) => boolean, reload: () => Promise<void>) {
  let queue = Promise.resolve();
  context.watcher?.add(paths);
  for (const event of ['change', 'add', 'unlink'] as const) {
    context.watcher?.on(event, (changed: string) => {
      if (!matches(changed)) return;
      context.logger.info(`Reloading ${fromRoot(context, changed)}`);
      queue = queue.then(reload).catch((error: unknown) => context.logger.error(String(error)));
    });
  }
}

/**
 * A collection kept in one JSON file holding a list of entries, each with its `id`. Named as
 * Astro's own file() loader: for loaders of that name Astro writes the collection's JSON Schema
 * (the editors' help) as a list of entries.
 */
export function jsonList(fileName: string, schema: CollectionSchema): Loader {
  return {
    name: 'file-loader',
    load: async (context) => {
      const path = fileURLToPath(new URL(fileName, context.config.root));
      const read = async (): Promise<Read> => {
        const { file, text, parsed } = await readJson(context, path);
        if (!parsed.ok) return { entries: [], problems: [parsed.problem] };
        const { entries, problems } = listEntries(file, text, parsed.tree, parsed.data);
        return { entries: entries.map(({ id, data, at }) => ({ id, data, path, file, text, tree: parsed.tree, at })), problems };
      };
      const reload = () => loadCollection(context, read, schema);
      await reload();
      watch(context, path, (changed) => changed === path, reload);
    },
  };
}

/** A collection of one JSON file per entry in a folder (`pattern`: `*.json` or one file's name); the file name is the id. */
export function jsonFolder(folder: string, schema: CollectionSchema, { pattern = '*.json', check }: { pattern?: string; check?: CollectionCheck } = {}): Loader {
  const matchesName = (name: string) => (pattern === '*.json' ? name.endsWith('.json') : name === pattern);
  return {
    name: 'json-folder-loader',
    load: async (context) => {
      const dir = fileURLToPath(new URL(`${folder.replace(/\/?$/, '/')}`, context.config.root));
      const read = async (): Promise<Read> => {
        const names = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile() && matchesName(entry.name)).map((entry) => entry.name);
        const entries: RawEntry[] = [];
        const problems: ContentProblem[] = [];
        for (const name of names.sort()) {
          const path = join(dir, name);
          const { file, text, parsed } = await readJson(context, path);
          if (!parsed.ok) problems.push(parsed.problem);
          else if (!isRecord(parsed.data)) problems.push({ file, line: 1, column: 1, field: '', message: 'must be an object: { … }' });
          else entries.push({ id: name.replace(/\.json$/, ''), data: parsed.data, path, file, text, tree: parsed.tree, at: [] });
        }
        return { entries, problems };
      };
      const reload = () => loadCollection(context, read, schema, check);
      await reload();
      watch(context, dir, (changed) => changed.startsWith(dir) && !changed.slice(dir.length).includes(sep) && matchesName(changed.slice(dir.length)), reload);
    },
  };
}
