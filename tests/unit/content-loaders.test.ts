/**
 * The content loaders (src/lib/content-loaders.ts): a collection is read whole, and a bad edit is
 * never half-loaded. Without a watcher (a build) it throws the file, line and field; with one (the
 * dev server) the collection holds only the problem until the file is saved fixed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonFolder, jsonList } from '~/lib/content-loaders';
import { ContentError, PROBLEM_ENTRY_ID } from '~/lib/content-problems';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const person = z.object({ id: z.string().optional(), author: z.string().min(1, 'must not be empty') });

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'content-loaders-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

/** What Astro hands a loader, with a store, a logger and (for the dev server) a watcher that can be fired. */
function context(root: string, { watching }: { watching: boolean }) {
  const store = new Map<string, { id: string; data: Record<string, unknown>; filePath?: string }>();
  const errors: string[] = [];
  const listeners: ((path: string) => void)[] = [];
  const ctx = {
    config: { root: pathToFileURL(`${root}/`) },
    logger: { error: (message: string) => errors.push(message), info: () => undefined, warn: () => undefined, debug: () => undefined },
    store: {
      clear: () => store.clear(),
      set: (entry: { id: string; data: Record<string, unknown>; filePath?: string }) => store.set(entry.id, entry),
    },
    // Astro validates with the collection's schema and throws its own error on a bad entry.
    parseData: async ({ data }: { data: Record<string, unknown> }) => {
      const result = person.safeParse(data);
      if (!result.success) throw new Error('data does not match collection schema');
      return result.data;
    },
    watcher: watching ? { add: () => undefined, on: (_event: string, listener: (path: string) => void) => listeners.push(listener) } : undefined,
  };
  const fire = async (path: string) => {
    listeners.forEach((listener) => listener(path));
    await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return { ctx: ctx as unknown as LoaderContext, store, errors, fire };
}

const LIST = 'src/content/people.json';
const good = JSON.stringify(
  [
    { id: 'a', author: 'Ana' },
    { id: 'b', author: 'Bo' },
    { id: 'c', author: 'Cy' },
  ],
  null,
  2,
);
const emptyAuthor = good.replace('"Bo"', '""');

describe('a list file', () => {
  it('loads every entry, with its file', async () => {
    const root = project({ [LIST]: good });
    const { ctx, store } = context(root, { watching: false });
    await jsonList(`./${LIST}`, person).load(ctx);
    expect([...store.values()].map(({ id, filePath }) => `${id} ${filePath}`)).toEqual([
      'a src/content/people.json',
      'b src/content/people.json',
      'c src/content/people.json',
    ]);
  });

  it('in a build, a bad entry throws its file, line and field', async () => {
    const root = project({ [LIST]: emptyAuthor });
    const { ctx } = context(root, { watching: false });
    const failure = jsonList(`./${LIST}`, person).load(ctx);
    await expect(failure).rejects.toBeInstanceOf(ContentError);
    await expect(failure).rejects.toThrow('src/content/people.json:8:5 [1].author: must not be empty');
    await expect(failure).rejects.toMatchObject({ loc: { file: join(root, LIST), line: 8, column: 5 } });
  });

  it('in a build, a syntax error throws its line and column', async () => {
    const root = project({ [LIST]: good.replace('"id": "b",', '"id": "b"') });
    await expect(jsonList(`./${LIST}`, person).load(context(root, { watching: false }).ctx)).rejects.toThrow(
      'src/content/people.json:7:14: JSON syntax: a comma is missing here',
    );
  });

  it('a missing or repeated id is named at its entry', async () => {
    const root = project({ [LIST]: JSON.stringify([{ author: 'Ana' }, { id: 'b', author: 'Bo' }, { id: 'b', author: 'Cy' }], null, 2) });
    const failure = jsonList(`./${LIST}`, person).load(context(root, { watching: false }).ctx);
    await expect(failure).rejects.toThrow(/\[0\]\.id: Required[\s\S]*:10:5 \[2\]\.id: "b" is the id of an entry above/);
  });

  it('under the dev server, a bad edit leaves only the problem, logged; saved fixed, the entries are back', async () => {
    const root = project({ [LIST]: good });
    const { ctx, store, errors, fire } = context(root, { watching: true });
    await jsonList(`./${LIST}`, person).load(ctx);
    expect(store.size).toBe(3);

    writeFileSync(join(root, LIST), emptyAuthor);
    await fire(join(root, LIST));
    expect([...store.keys()]).toEqual([PROBLEM_ENTRY_ID]);
    expect(store.get(PROBLEM_ENTRY_ID)?.data).toEqual({
      problems: [{ file: LIST, line: 8, column: 5, field: '[1].author', message: 'must not be empty' }],
    });
    expect(errors.at(-1)).toContain('src/content/people.json:8:5 [1].author: must not be empty');

    writeFileSync(join(root, LIST), good);
    await fire(join(root, LIST));
    expect([...store.keys()]).toEqual(['a', 'b', 'c']);
  });
});

describe('a folder of one-entry files', () => {
  const files = { 'src/content/people/ana.json': '{\n  "author": "Ana"\n}\n', 'src/content/people/bo.json': '{\n  "author": "Bo"\n}\n' };

  it('loads one entry a file, the file name its id', async () => {
    const { ctx, store } = context(project(files), { watching: false });
    await jsonFolder('./src/content/people', person).load(ctx);
    expect([...store.values()].map(({ id, filePath }) => `${id} ${filePath}`)).toEqual(['ana src/content/people/ana.json', 'bo src/content/people/bo.json']);
  });

  it('one bad file empties the collection under the dev server, and names the file', async () => {
    const root = project({ ...files, 'src/content/people/bo.json': '{\n  "author": 7\n}\n' });
    const { ctx, store } = context(root, { watching: true });
    await jsonFolder('./src/content/people', person).load(ctx);
    expect([...store.keys()]).toEqual([PROBLEM_ENTRY_ID]);
    expect(store.get(PROBLEM_ENTRY_ID)?.data).toEqual({
      problems: [{ file: 'src/content/people/bo.json', line: 2, column: 3, field: 'author', message: 'Expected type "string", received "number"' }],
    });
  });

  it('one file of a folder (a page) and a check across the entries', async () => {
    const root = project(files);
    const { ctx, store } = context(root, { watching: false });
    await jsonFolder('./src/content/people', person, { pattern: 'bo.json' }).load(ctx);
    expect([...store.keys()]).toEqual(['bo']);
    const check = () => ({ file: 'src/content/people/ana.json', line: 2, column: 3, field: 'author', message: 'only one may be Ana' });
    await expect(jsonFolder('./src/content/people', person, { check }).load(context(root, { watching: false }).ctx)).rejects.toThrow(
      'src/content/people/ana.json:2:3 author: only one may be Ana',
    );
  });
});
