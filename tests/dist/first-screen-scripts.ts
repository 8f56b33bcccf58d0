/**
 * Which JavaScript a page of the build loads before the visitor interacts, read from its HTML:
 * its `<script src>` and modulepreload links, the URLs its inline scripts name, the files of islands that hydrate without interaction, and what all of these import statically.
 */
import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { inlineScripts } from '../../src/integrations/csp';
import { distFile } from './dist-files';

/** Client directives that wait for the visitor: first use (on-demand) or scrolling near (visible). */
const HYDRATES_LATER = new Set(['on-demand', 'visible']);
const ISLAND_FILE_ATTRIBUTES = ['component-url', 'renderer-url', 'before-hydration-url'];
const SITE = 'http://site.invalid';

const TAG = /<(script|link|astro-island)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const SCRIPT_URL_LITERAL = /["'`]([^"'`\s]+\.m?js)["'`]/g;

function attributesOf(tag: string): Map<string, string> {
  const entries = [...tag.matchAll(ATTRIBUTE)].map((m) => [m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? ''] as const);
  return new Map(entries.map(([name, value]) => [name, value.replaceAll('&quot;', '"').replaceAll('&amp;', '&')]));
}

export interface FirstScreenScripts {
  /** Same-site script paths, with everything they import statically. */
  files: string[];
  /** Scripts on other origins: their size cannot be read from the build. */
  external: string[];
  /** Islands that hydrate without interaction: "component-url (client:directive)". */
  earlyIslands: string[];
  /** The component, renderer and before-hydration files of every island on the page. */
  islandFiles: string[];
}

export async function firstScreenScripts(html: string, pagePath: string): Promise<FirstScreenScripts> {
  const urls: string[] = [];
  const earlyIslands: string[] = [];
  const islandFiles: string[] = [];
  for (const [, name, rest] of html.matchAll(TAG)) {
    const attributes = attributesOf(rest ?? '');
    const tag = name!.toLowerCase();
    if (tag === 'script' && attributes.has('src')) urls.push(attributes.get('src')!);
    const rel = attributes.get('rel')?.toLowerCase().split(/\s+/) ?? [];
    if (tag === 'link' && (rel.includes('modulepreload') || (rel.includes('preload') && attributes.get('as') === 'script'))) {
      urls.push(attributes.get('href') ?? '');
    }
    if (tag === 'astro-island') {
      const files = ISLAND_FILE_ATTRIBUTES.map((key) => attributes.get(key)).filter((url): url is string => !!url);
      islandFiles.push(...files.map((url) => new URL(url, SITE + pagePath).pathname));
      const directive = attributes.get('client') ?? '(none)';
      if (!HYDRATES_LATER.has(directive)) {
        earlyIslands.push(`${attributes.get('component-url')} (client:${directive})`);
        urls.push(...files);
      }
    }
  }
  for (const script of inlineScripts(html)) urls.push(...[...script.matchAll(SCRIPT_URL_LITERAL)].map((m) => m[1]!));
  return { ...(await withStaticImports(urls.map((url) => new URL(url, SITE + pagePath)))), earlyIslands, islandFiles };
}

/** The scripts and, transitively, every script they import statically. */
export async function withStaticImports(urls: URL[]): Promise<Pick<FirstScreenScripts, 'files' | 'external'>> {
  const files = new Set<string>();
  const external = new Set<string>();
  const queue = [...urls];
  for (let url = queue.shift(); url; url = queue.shift()) {
    if (url.origin !== SITE) external.add(url.href);
    if (url.origin !== SITE || files.has(url.pathname)) continue;
    files.add(url.pathname);
    if (!existsSync(distFile(url.pathname))) continue;
    for (const specifier of await staticImports(distFile(url.pathname))) queue.push(new URL(specifier, url));
  }
  return { files: [...files], external: [...external] };
}

/** The specifiers a module imports statically (`import`, `export … from`), as esbuild parses them. */
async function staticImports(file: string): Promise<string[]> {
  const specifiers: string[] = [];
  await build({
    entryPoints: [file],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'list-static-imports',
        setup(builder) {
          builder.onResolve({ filter: /.*/ }, ({ kind, path }) => {
            if (kind === 'entry-point') return undefined;
            // `import("x")` waits for the code that calls it: not loaded with the page.
            if (kind === 'import-statement') specifiers.push(path);
            return { path, external: true };
          });
        },
      },
    ],
  });
  return specifiers;
}
