/**
 * The collections' one description (src/lib/content-collections.ts): every content file belongs to
 * exactly one collection, every collection has its files, Astro's collections (src/content.config.ts)
 * are these, and every file is valid under its collection's schema as the content editor checks it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectionNames, collectionOfFile, contentCollections, schemaOf } from '~/lib/content-collections';

const root = fileURLToPath(new URL('../../', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.json') ? [join(dir, entry.name)] : [],
  );
const contentFiles = files(join(root, 'src/content')).map((file) => relative(root, file));

describe('the content collections', () => {
  it('place every content file in exactly one collection', () => {
    expect(contentFiles.length).toBe(33);
    const homeless = contentFiles.filter((file) => collectionOfFile(file) === null);
    expect(homeless).toEqual([]);
  });

  it.each(collectionNames)('%s has its files', (name) => {
    expect(contentFiles.filter((file) => collectionOfFile(file)?.name === name).length).toBeGreaterThan(0);
  });

  it('are the collections Astro builds, one line each', () => {
    const config = readFileSync(join(root, 'src/content.config.ts'), 'utf8');
    const defined = [...config.matchAll(/^ {2}(\w+): define\(specs\.(\w+), /gm)].map(([, key, spec]) => ({ key, spec }));
    expect(defined.map(({ key }) => key)).toEqual(collectionNames);
    expect(defined.every(({ key, spec }) => key === spec)).toBe(true);
  });

  it.each(contentFiles)('%s is valid under its collection’s schema', (file) => {
    const found = collectionOfFile(file)!;
    const data: unknown = JSON.parse(readFileSync(join(root, file), 'utf8'));
    const schema = schemaOf(found.spec);
    const entries = found.spec.kind === 'list' ? (data as unknown[]) : [data];
    for (const entry of entries) expect(schema.safeParse(entry).error?.issues ?? []).toEqual([]);
  });

  it('name each collection as the marketer thinks of it, with what it holds', () => {
    for (const name of collectionNames) {
      const { label, description } = contentCollections[name];
      expect(label, name).toMatch(/^[A-Z][a-z]/);
      expect(description.length, name).toBeGreaterThan(20);
    }
  });
});
