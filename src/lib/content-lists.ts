/**
 * The entries of a list file (a JSON list of objects, each with its own `id`), or what is wrong
 * with them: the build's loader (content-loaders.ts) and the content editor's endpoint read list
 * files with this one rule. Plain Node imports this: imports name their .ts files.
 */
import type { Node } from 'jsonc-parser';
import { type ContentProblem, problemAt } from './content-problems.ts';
import { isRecord } from './is-record.ts';

export interface ListEntry {
  id: string;
  data: Record<string, unknown>;
  /** Where the entry is in its file: `[3]`. */
  at: number[];
}

export function listEntries(file: string, text: string, tree: Node, data: unknown): { entries: ListEntry[]; problems: ContentProblem[] } {
  if (!Array.isArray(data)) return { entries: [], problems: [{ file, line: 1, column: 1, field: '', message: 'must be a list: [ { "id": … }, … ]' }] };
  const entries: ListEntry[] = [];
  const problems: ContentProblem[] = [];
  const seen = new Set<string>();
  data.forEach((item: unknown, index) => {
    const at = [index];
    const here = (field: (string | number)[], message: string) => problems.push(problemAt(file, text, tree, [...at, ...field], message));
    if (!isRecord(item)) here([], 'must be an object: { "id": … }');
    else if (typeof item.id !== 'string' || !item.id) here(['id'], 'Required: each entry has its own "id"');
    else if (seen.has(item.id)) here(['id'], `"${item.id}" is the id of an entry above; each entry needs its own`);
    else {
      seen.add(item.id);
      entries.push({ id: item.id, data: item, at });
    }
  });
  return { entries, problems };
}
