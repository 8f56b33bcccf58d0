/**
 * Build time only: bundles a browser entry (with its imports) into one self-contained script
 * for `<script is:inline set:html>`: each kind of page's one script (src/enhancers/page-scripts/)
 * and what must run before the first paint (`*-early.ts`). Each carries its own copy of what it
 * imports: no chunk shared between pages, so nothing is fetched. An IIFE, so it runs the same as a
 * classic script or a module.
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';

const bundled = new Map<string, Promise<string>>();

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [resolve(process.cwd(), entry)],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error(`inline-script: esbuild wrote nothing for ${entry}`);
  // An inline script ends at the first "</script", whatever the JavaScript means by it.
  return file.text.trim().replaceAll('</script', '<\\/script');
}

/** The bundled source of `entry` (a path from the project root); built once per build. */
export function inlineScript(entry: string): Promise<string> {
  if (!import.meta.env.PROD) return bundle(entry); // dev: pick up edits on reload
  let source = bundled.get(entry);
  if (!source) {
    source = bundle(entry);
    bundled.set(entry, source);
  }
  return source;
}
