/**
 * Every package an island loads in the browser is named for Vite's dependency optimiser
 * (src/integrations/island-packages.ts), so `npm run dev` bundles it before the first page and never
 * reloads a page to bundle it later. The islands' code: every .tsx file under src/ and what it
 * imports; type-only imports load nothing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import config from '../../astro.config.mjs';
import { ISLAND_PACKAGES } from '~/integrations/island-packages';
import { sourceFiles } from '../support/import-graph';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** What a file loads at run time: its imports and export-froms that are not type-only, and its import() calls. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = clause?.phaseModifier === ts.SyntaxKind.TypeKeyword || (clause && !clause.name && named?.length && named.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The source file a local specifier names, or null for a package. */
function localFile(from: string, specifier: string): string | null {
  const base = specifier.startsWith('~/') ? join(root, 'src', specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  const file = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((suffix) => base.replace(/\.js$/, '') + suffix)
    .find((path) => existsSync(path) && statSync(path).isFile());
  if (!file) throw new Error(`${from}: ${specifier} names no source file`);
  return file;
}

it('names every package the islands load', () => {
  const islands = sourceFiles(join(root, 'src')).filter((file) => file.endsWith('.tsx'));
  const used = new Map<string, string>();
  const reached = new Set<string>();
  const walk = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('astro:')) continue;
      const local = localFile(file, specifier);
      if (local) walk(local);
      else used.set(specifier, file.slice(root.length));
    }
  };
  islands.forEach(walk);
  expect(islands.length).toBeGreaterThan(10);
  expect([...used].filter(([specifier]) => !ISLAND_PACKAGES.includes(specifier)).map(([specifier, file]) => `${specifier} (${file})`)).toEqual([]);
  expect([...used.keys()]).toEqual(expect.arrayContaining(['react', '@supabase/supabase-js', 'tus-js-client', 'sonner']));
});

it('the dev server is given them', () => {
  expect(config.vite?.optimizeDeps?.include).toEqual(ISLAND_PACKAGES);
});
