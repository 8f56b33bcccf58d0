/**
 * Every content file names the JSON Schema Astro writes for its collection (.astro/collections/,
 * by `astro sync`, `npm run dev` or a build), so an editor completes and checks its fields: a file
 * that is an object by its `$schema`, a file that is a list (no place for one) in .vscode/settings.json.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectionNames } from '~/lib/content-collections';

const root = fileURLToPath(new URL('../../', import.meta.url));
const content = join(root, 'src/content');
const schemasDir = join(root, '.astro/collections');

const jsonFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? jsonFiles(join(dir, entry.name)) : entry.name.endsWith('.json') ? [join(dir, entry.name)] : [],
  );
/** The collections (src/lib/content-collections.ts, which src/content.config.ts builds). */
const collections: string[] = collectionNames;
const editorSchemas = (JSON.parse(readFileSync(join(root, '.vscode/settings.json'), 'utf8')) as { 'json.schemas': { fileMatch: string[]; url: string }[] })[
  'json.schemas'
];

/** The collection a schema path names, when it is one of .astro/collections/<collection>.schema.json. */
function collectionOf(schemaPath: string): string | undefined {
  const name = /^([A-Za-z]+)\.schema\.json$/.exec(relative(schemasDir, schemaPath))?.[1];
  return name && collections.includes(name) ? name : undefined;
}

describe('JSON Schemas of the content files', () => {
  const files = jsonFiles(content);
  const named = new Map<string, string | undefined>();
  for (const file of files) {
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (Array.isArray(data)) {
      const mapping = editorSchemas.find((entry) => entry.fileMatch.includes(`/${relative(root, file)}`));
      named.set(relative(root, file), mapping && collectionOf(join(root, mapping.url)));
    } else {
      const schema = (data as { $schema?: string }).$schema;
      named.set(relative(root, file), schema === undefined ? undefined : collectionOf(resolve(dirname(file), schema)));
    }
  }

  it('each file names one of the collections', () => {
    expect(files.length).toBeGreaterThan(30);
    expect([...named].filter(([, collection]) => !collection).map(([file]) => file)).toEqual([]);
    expect(new Set(named.values())).toEqual(new Set(collections));
  });

  it.runIf(existsSync(schemasDir))('the schemas it names exist once Astro has written them', () => {
    for (const collection of new Set(named.values())) expect(existsSync(join(schemasDir, `${collection}.schema.json`)), collection).toBe(true);
  });
});
