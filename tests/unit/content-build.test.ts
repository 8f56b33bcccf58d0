/**
 * A bad content edit fails `astro build` with the file and the field named. Each case
 * builds a copy of the project with one edit made (content is validated before anything
 * else is built, so a failing build stops within seconds).
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
  for (const entry of ['src', 'public', 'astro.config.mjs', 'tailwind.config.mjs', 'tsconfig.json', 'package.json']) {
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

function editJson(dir: string, file: string, edit: (data: Record<string, unknown>) => void): void {
  const path = join(dir, file);
  const data = JSON.parse(readFileSync(path, 'utf8'));
  edit(data);
  writeFileSync(path, JSON.stringify(data, null, 2));
}

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

describe('a bad content edit fails the build, naming the file and the field', () => {
  it('a missing field', async () => {
    const dir = projectCopy();
    editJson(dir, 'src/content/resources/glute-program.json', (data) => delete data.title);
    const { ok, output } = await buildOutput(dir);
    expect(ok).toBe(false);
    expect(output).toContain('src/content/resources/glute-program.json');
    expect(output).toMatch(/title\W+Required/);
  });

  it('a wrong type', async () => {
    const dir = projectCopy();
    editJson(dir, 'src/content/pages/settings.json', (data) => (data.spotsLeft = 'seven'));
    const { ok, output } = await buildOutput(dir);
    expect(ok).toBe(false);
    expect(output).toContain('src/content/pages/settings.json');
    expect(output).toMatch(/spotsLeft\W+Expected type\W+number\W+received\W+string/);
  });

  it('an unknown tag', async () => {
    const dir = projectCopy();
    editJson(dir, 'src/content/resources/fast-food-guide.json', (data) => (data.tag = 'Bonus Guide'));
    const { ok, output } = await buildOutput(dir);
    expect(ok).toBe(false);
    expect(output).toContain('src/content/resources/fast-food-guide.json');
    expect(output).toMatch(/tag\W+must be one of: Free Guide/);
  });

  it('two featured resources', async () => {
    const dir = projectCopy();
    editJson(dir, 'src/content/resources/macro-masterclass.json', (data) => (data.featured = true));
    const { ok, output } = await buildOutput(dir);
    expect(ok).toBe(false);
    expect(output).toMatch(/"featured" is true in 2 files/);
    expect(output).toContain('macro-masterclass.json');
    expect(output).toContain('fit-batty-blueprint.json');
  });
});
