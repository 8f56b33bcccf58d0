/**
 * The docs name no path that is not there: every repository path in README.md, docs/ and the
 * READMEs beside the code (in backticks, links, or the README's layout block) exists, or is one
 * the repository ignores on purpose (dist/, .astro/, .env, ...). A path is read from the repository
 * root, or from the folder of the file that names it (tests/README.md names `unit/x.test.ts`).
 * A placeholder (`src/features/<feature>/`, `conversions-*.ts`) is checked up to the folder it is in.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { namedPaths } from '../support/doc-paths';

const root = fileURLToPath(new URL('../../', import.meta.url));
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

const docs = git('ls-files', 'README.md', 'docs/*.md', '*/README.md', '**/README.md').split('\n').filter(Boolean);

/** Whether git would ignore `path` (a build output, a local settings file), present or not. */
function ignored(path: string): boolean {
  try {
    git('check-ignore', '-q', '--no-index', path);
    return true;
  } catch {
    return false;
  }
}

/** Where `path`, named in `doc`, is: from the root, or from the doc's folder; null when neither has its first segment. */
function resolveNamed(doc: string, path: string): string | null {
  const first = path.split('/')[0]!;
  for (const base of ['', dirname(doc)]) {
    if (existsSync(join(root, base, first))) return posix.join(base, path);
  }
  return ignored(path) ? path : null;
}

describe('paths named in the docs', () => {
  it('reads the docs it should', () => {
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'tests/README.md', 'docs/admin.md', 'docs/tracking.md', 'src/features/admin/README.md']));
  });

  it.each(docs)('%s names only paths that exist', (doc) => {
    const missing = namedPaths(readFileSync(join(root, doc), 'utf8'))
      .map((path) => ({ path, at: resolveNamed(doc, path) }))
      .filter(({ path, at }) => at !== null && !existsSync(join(root, at)) && !ignored(at) && !ignored(path))
      .map(({ path }) => path);
    expect(missing).toEqual([]);
  });
});

describe('namedPaths', () => {
  it('finds code spans, links and layout lines, cuts placeholders, and skips routes, URLs and commands (a content type is left to the check of its first folder)', () => {
    const text = [
      'See `src/lib/a.ts:12`, `~/lib/b.ts`, [docs](docs/c.md#part), `src/features/<feature>/schema.ts`, `src/lib/x-*.ts`.',
      'Not paths: `/admin`, `https://example.com/a`, `image/png`, `npm run dev`, `a b/c`.',
      '```',
      'src/pages/   one file per route',
      '```',
    ].join('\n');
    expect(namedPaths(text).sort()).toEqual(['docs/c.md', 'image/png', 'src/features/', 'src/lib/', 'src/lib/a.ts', 'src/lib/b.ts', 'src/pages/']);
  });
});
