#!/usr/bin/env node
/**
 * After `astro build`, before `scripts/csp.mjs`: every page's external module scripts
 * (`<script type="module" src>`, Astro's processed `<script>` tags) are replaced by one inline
 * loader at the end of <body> that starts them after the first screen
 * (scripts/deferred-scripts/loader.mjs). A phone then spends its first round trips on the HTML
 * and the LCP image only; island bootstrap scripts (inline) are left as they are.
 *
 *   node scripts/defer-scripts.mjs            (run by `npm run build`)
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loaderScript } from './deferred-scripts/loader.mjs';

const MODULE_SCRIPT = /<script\s+type="module"\s+src="([^"]+)"\s*><\/script>/g;

/** The page with its module scripts replaced by the loader, and the scripts it found. */
export function deferModuleScripts(html) {
  const urls = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]);
  if (urls.length === 0) return { html, urls };
  const without = html.replace(MODULE_SCRIPT, '');
  const bodyEnd = without.lastIndexOf('</body>');
  if (bodyEnd < 0) throw new Error('defer-scripts: a page with module scripts has no </body>');
  const loader = `<script>${loaderScript([...new Set(urls)])}</script>`;
  return { html: without.slice(0, bodyEnd) + loader + without.slice(bodyEnd), urls };
}

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? htmlFiles(join(dir, entry.name)) : entry.name.endsWith('.html') ? [join(dir, entry.name)] : [],
  );
}

export function deferAll(dist) {
  let pages = 0;
  let scripts = 0;
  for (const file of htmlFiles(dist)) {
    const { html, urls } = deferModuleScripts(readFileSync(file, 'utf8'));
    if (urls.length === 0) continue;
    writeFileSync(file, html);
    pages += 1;
    scripts += urls.length;
  }
  return { pages, scripts };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dist = join(root, 'dist');
  const { pages, scripts } = deferAll(dist);
  console.log(`defer-scripts: ${scripts} module scripts on ${pages} pages of ${relative(root, dist)}/ start after the first screen`);
}
