#!/usr/bin/env node
/**
 * Starts the local Supabase stand-in: compiles supabase/local/*.ts with esbuild (dependencies
 * stay external) into .local-data/ and runs it.   node supabase/local/start.mjs
 */
import { build } from 'esbuild';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outfile = `${root}.local-data/build/supabase-local.mjs`;
await build({
  entryPoints: [`${root}supabase/local/main.ts`],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
process.env.STANDIN_ENTRY_DIR = root;
process.env.STANDIN_ROOT = './';
await import(pathToFileURL(outfile).href);
