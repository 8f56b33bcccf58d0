/**
 * The repository paths a Markdown text names (tests/unit/doc-paths.test.ts): code spans and link
 * targets that look like a relative path (a "/" inside, no scheme, no leading "/": a route such as
 * `/admin` is not a file), and the first word of each line of a fenced block whose lines start with
 * a folder (the README's layout). A path with a placeholder is cut to the folder before it.
 */
const PLACEHOLDER = /[<>*{}…$|\s]|\.\.\./;

/** `src/a/b.ts:12` → `src/a/b.ts`; `~/lib/x` → `src/lib/x`; `docs/a.md#part` → `docs/a.md`. */
function clean(token: string): string | null {
  let path = token
    .trim()
    .replace(/#.*$/, '')
    .replace(/:\d+(:\d+)?$/, '');
  if (path.startsWith('~/')) path = `src/${path.slice(2)}`;
  if (path.startsWith('./')) path = path.slice(2);
  if (!path.includes('/') || path.startsWith('/') || /^[a-z][\w+.-]*:/i.test(path)) return null;
  const parts = path.split('/');
  const fixed = parts.findIndex((part) => PLACEHOLDER.test(part));
  if (fixed === 0) return null;
  if (fixed > 0) path = `${parts.slice(0, fixed).join('/')}/`;
  return /^[\w.@[\]()-]+(\/[\w.@[\]()-]*)*$/.test(path) ? path : null;
}

export function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  const add = (token: string) => {
    const path = clean(token);
    if (path) found.add(path);
  };
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) {
      fenced = !fenced;
      continue;
    }
    if (fenced) {
      // A layout line: "src/lib/   what it holds".
      const first = /^([\w.-]+\/[\w./-]*)\s/.exec(line)?.[1];
      if (first) add(first);
      continue;
    }
    for (const match of line.matchAll(/`([^`]+)`/g)) add(match[1]!);
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) add(match[1]!);
  }
  return [...found];
}
