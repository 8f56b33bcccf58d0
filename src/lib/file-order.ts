/**
 * List collections keep the order of their JSON file: the order a marketer writes is the order on
 * the page. Astro hands a collection's entries back sorted by id, so pages sort them again.
 */

/** The entry ids of a list file (a JSON array of objects with an `id`), in file order. */
export function idsInFile(json: string): string[] {
  const items: unknown = JSON.parse(json);
  if (!Array.isArray(items)) throw new Error('a list collection file must hold a JSON array');
  return items.map((item: { id?: unknown }) => String(item.id));
}

/** The entries in the order of `ids`; an entry the file does not name goes last. */
export function sortByIds<T extends { id: string }>(entries: readonly T[], ids: readonly string[]): T[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  const at = (entry: T) => position.get(entry.id) ?? Number.MAX_SAFE_INTEGER;
  return [...entries].sort((a, b) => at(a) - at(b));
}
