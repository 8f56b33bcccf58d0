/**
 * No source file over 400 lines: past that a file holds more than one thing, and one of them
 * belongs in a module of its own (the site, its functions, the stand-in, the tools and the tests).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 400;
const root = fileURLToPath(new URL('../../', import.meta.url));
const DIRS = ['src', 'functions', 'supabase', 'tools', 'tests'];
const SOURCE = /\.(ts|tsx|astro|mjs|js|css|sql)$/;
/**
 * Over the limit for a reason, each: one test file per database server keeps the suite from
 * starting PostgreSQL twice (its policies and its ledger run against the same two databases).
 */
const KNOWN = new Set(['tests/integration/postgres-rls.test.ts']);

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' ? [] : entry.isDirectory() ? files(join(dir, entry.name)) : SOURCE.test(entry.name) ? [join(dir, entry.name)] : [],
  );
const lineCount = (file: string) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;

describe('source file sizes', () => {
  const sizes = DIRS.flatMap((dir) => files(join(root, dir))).map((file) => ({ file: relative(root, file), lines: lineCount(file) }));

  it(`no file has more than ${MAX_LINES} lines`, () => {
    expect(sizes.length).toBeGreaterThan(300);
    expect(sizes.filter(({ file, lines }) => lines > MAX_LINES && !KNOWN.has(file)).map(({ file, lines }) => `${file}: ${lines} lines`)).toEqual([]);
  });

  it('each known exception is still over the limit (drop it from the list once it is not)', () => {
    for (const file of KNOWN) expect(sizes.find((size) => size.file === file)?.lines ?? 0, file).toBeGreaterThan(MAX_LINES);
  });
});
