/**
 * A bad content edit fails `astro build`, and the build's last lines name the file, the line and
 * the field (src/lib/content-loaders.ts). Each case builds a copy of the project with one edit made
 * (content is validated before anything else is built, so a failing build stops within seconds).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const copies: string[] = [];

function projectCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-build-'));
  copies.push(dir);
  for (const entry of ['src', 'public', 'supabase', 'astro.config.mjs', 'tailwind.config.mjs', 'tsconfig.json', 'package.json']) {
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Edits a content file of the copy (written back with two-space indents, as the files are); returns its new text. */
function editJson<T = Record<string, unknown>>(dir: string, file: string, edit: (data: T) => void): string {
  const path = join(dir, file);
  const data = JSON.parse(readFileSync(path, 'utf8')) as T;
  edit(data);
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  return readFileSync(path, 'utf8');
}

function editText(dir: string, file: string, edit: (text: string) => string): string {
  const path = join(dir, file);
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  return readFileSync(path, 'utf8');
}

/** The 1-based line of the first line holding `needle`, and the column where it starts. */
function whereIs(text: string, needle: string): { line: number; column: number } {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`${needle} is not in the file`);
  return { line: index + 1, column: (lines[index] ?? '').indexOf(needle) + 1 };
}

/** What a person reads at the end of a failed build: its last lines. */
const lastLines = (output: string, count = 12) => output.trimEnd().split('\n').slice(-count).join('\n');

async function buildOutput(dir: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(join(dir, 'node_modules/.bin/astro'), ['build'], {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      maxBuffer: 20 * 1024 * 1024,
    });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('a bad content edit fails the build; its last lines name the file, the line and the field', () => {
  it('a missing field', async () => {
    const dir = projectCopy();
    const text = editJson(dir, 'src/content/resources/glute-program.json', (data) => delete data.title);
    const { ok, output } = await buildOutput(dir);
    expect(ok).toBe(false);
    // A missing field is placed where its object starts.
    expect(lastLines(output)).toContain(`src/content/resources/glute-program.json:${whereIs(text, '{').line}:1 title: Required`);
  });

  it('a wrong type, in the site settings', async () => {
    const dir = projectCopy();
    const text = editJson(dir, 'src/content/pages/settings.json', (data) => (data.spotsLeft = 'seven'));
    const { ok, output } = await buildOutput(dir);
    expect(ok).toBe(false);
    const { line, column } = whereIs(text, '"spotsLeft"');
    expect(lastLines(output)).toContain(`src/content/pages/settings.json:${line}:${column} spotsLeft: Expected type "number", received "string"`);
  });

  it('an unknown tag, in a guide', async () => {
    const dir = projectCopy();
    const text = editJson(dir, 'src/content/resources/fast-food-guide.json', (data) => (data.tag = 'Bonus Guide'));
    const { ok, output } = await buildOutput(dir);
    expect(ok).toBe(false);
    const { line, column } = whereIs(text, '"tag"');
    expect(lastLines(output)).toContain(`src/content/resources/fast-food-guide.json:${line}:${column} tag: must be one of: Free Guide`);
  });

  it('an empty field of one entry of a list', async () => {
    const dir = projectCopy();
    const text = editJson<{ author: string }[]>(dir, 'src/content/testimonials.json', (data) => {
      if (data[2]) data[2].author = '';
    });
    const { ok, output } = await buildOutput(dir);
    expect(ok).toBe(false);
    const { line, column } = whereIs(text, '"author": ""');
    expect(lastLines(output)).toContain(`src/content/testimonials.json:${line}:${column} [2].author: must not be empty`);
  });

  it('a missing comma: the line and column where it belongs', async () => {
    const dir = projectCopy();
    const text = editText(dir, 'src/content/testimonials.json', (json) => json.replace('"author": "Renee D.",', '"author": "Renee D."'));
    const { ok, output } = await buildOutput(dir);
    expect(ok).toBe(false);
    const { line, column } = whereIs(text, '"author": "Renee D."');
    expect(lastLines(output)).toContain(`src/content/testimonials.json:${line}:${column + '"author": "Renee D."'.length}: JSON syntax: a comma is missing here`);
  });

  it('two featured resources', async () => {
    const dir = projectCopy();
    const text = editJson(dir, 'src/content/resources/macro-masterclass.json', (data) => (data.featured = true));
    const { ok, output } = await buildOutput(dir);
    expect(ok).toBe(false);
    const end = lastLines(output);
    expect(end).toMatch(/"featured" is true in 2 files/);
    expect(end).toContain('fit-batty-blueprint.json');
    expect(end).toContain(`src/content/resources/macro-masterclass.json:${whereIs(text, '"featured"').line}:3 featured:`);
  });
});
