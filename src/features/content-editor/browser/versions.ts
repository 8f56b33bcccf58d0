/**
 * The version (git blob sha) of each content file as the editor opened it, so a save names the
 * version it is based on and the endpoint refuses it (409) when the file changed since. Decap keeps
 * no version itself: the backend (decap/backend.ts) tells this book what each answer said and asks
 * it for the `baseShas` of a save. One book per page load: Decap builds its backend more than once.
 */

/** A file as an answer of `getEntry`, `entriesByFolder` or `entriesByFiles` names it: `id` is its sha (null: no such file). */
export interface AnsweredFile {
  path: string;
  id?: string | null;
}

/** What a save or a deletion answers: each changed path with its new sha (null: deleted). */
export interface SavedFiles {
  files?: { path: string; sha: string | null }[];
}

export class VersionBook {
  private readonly shas = new Map<string, string | null>();

  /**
   * `getEntry` is the version on screen: it always wins. A listing only fills in files not opened
   * yet: a listing made while an entry is open may be newer than what the form shows.
   */
  opened(file: AnsweredFile, from: 'entry' | 'listing'): void {
    if (from === 'listing' && this.shas.has(file.path)) return;
    this.shas.set(file.path, file.id ?? null);
  }

  /** The `baseShas` of a save: null for a new entry (the file must not exist yet); files never opened are left out (not checked). */
  baseShas(paths: readonly string[], newEntry: boolean): Record<string, string | null> {
    const base: Record<string, string | null> = {};
    for (const path of paths) {
      if (newEntry) base[path] = null;
      else if (this.shas.has(path)) base[path] = this.shas.get(path) ?? null;
    }
    return base;
  }

  /** After a save: Decap does not read the entry again, so the next save is based on what this one wrote. */
  saved(answer: SavedFiles | null | undefined): void {
    for (const { path, sha } of answer?.files ?? []) {
      if (sha === null) this.shas.delete(path);
      else this.shas.set(path, sha);
    }
  }
}
