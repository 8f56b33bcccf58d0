/**
 * The import graph of a source tree, and its circles: every import, export-from and dynamic
 * import() of the .ts, .tsx and .astro files (type-only imports included: a circle through a type
 * still ties two modules together), resolved to files. Packages and virtual modules are left out.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|astro)$/;
const TRIED = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** An .astro file's code: its frontmatter and its <script> elements. */
function codeOf(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.astro')) return text;
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  return [frontmatter, ...scripts].join('\n');
}

function resolveSpecifier(from: string, specifier: string, srcDir: string): string | null {
  let base: string;
  if (specifier.startsWith('~/')) base = join(srcDir, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  base = base.replace(/\.js$/, '');
  for (const suffix of TRIED) {
    const path = base + suffix;
    if (SOURCE.test(path) && existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

/** Each file (relative to `root`) and the files it imports. */
export function importGraph(root: string, dirs: string[], srcDir = join(root, 'src')): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((dir) => sourceFiles(join(root, dir)))) {
    const imported = ts.preProcessFile(codeOf(file), true, true).importedFiles;
    const targets = imported.map((entry) => resolveSpecifier(file, entry.fileName, srcDir)).filter((path): path is string => path !== null);
    graph.set(
      relative(root, file),
      [...new Set(targets)].map((path) => relative(root, path)),
    );
  }
  return graph;
}

/** The circles: each group of files that import one another (Tarjan's strongly connected components), as one path around it. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.includes(node)) groups.push(group);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups.map((group) => circleThrough(group, graph));
}

/** One path that starts and ends at the group's first file, through files of the group. */
function circleThrough(group: string[], graph: Map<string, string[]>): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return group;
}
