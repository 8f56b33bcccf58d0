/** The production build that the tests in this folder read: where it is and which files it has. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST = join(ROOT, 'dist');

if (!existsSync(join(DIST, '_headers'))) throw new Error(`${DIST} holds no finished build: run \`npm run build\` first`);

const BINARY = /\.(png|jpe?g|webp|avif|gif|ico|woff2?|mp4|webm)$/i;

/** Every file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

export const textFiles = (dir: string) => filesUnder(dir).filter((file) => !BINARY.test(file));
export const htmlFiles = (dir: string) => filesUnder(dir).filter((file) => file.endsWith('.html'));

/** The file the server answers a URL path with (`build.format: 'file'` writes /guides as guides.html). */
export function pageFile(path: string): string {
  const name = decodeURIComponent(path).replace(/^\/|\/$/g, '');
  const candidates = name === '' ? ['index.html'] : [`${name}.html`, `${name}/index.html`];
  const found = candidates.map((candidate) => join(DIST, candidate)).find((file) => existsSync(file));
  if (!found) throw new Error(`dist/ has no page for ${path} (looked for ${candidates.join(', ')})`);
  return found;
}

export const readPage = (path: string) => readFileSync(pageFile(path), 'utf8');

/** The file of dist/ at a URL path of the site (a script, an image, robots.txt). */
export const distFile = (path: string) => join(DIST, decodeURIComponent(path));
