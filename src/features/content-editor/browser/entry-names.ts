/**
 * The titles of the folder entries the editor has read (a guide's), by file, so a problem in
 * another guide is named by its title. The backend (decap/backend.ts) tells it what each listing
 * and each opened entry answered; one book per page load.
 */
import { isRecord } from '~/lib/is-record';

export class EntryNames {
  private readonly titles = new Map<string, string>();

  /** An answer's entry: its file's path and its text as the file holds it. */
  read(path: string, raw: unknown): void {
    if (typeof raw !== 'string') return;
    try {
      const data: unknown = JSON.parse(raw);
      if (isRecord(data) && typeof data.title === 'string' && data.title.trim()) this.titles.set(path, data.title.trim());
    } catch {
      // Not JSON: nothing to name it by.
    }
  }

  nameOf = (path: string): string | null => this.titles.get(path) ?? null;
}
