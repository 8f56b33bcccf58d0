/**
 * The pictures refused when they were picked (decap/picked-pictures.ts), by the file name the form
 * writes, with what was wrong: should the media library still insert one (it keeps a refused file
 * selected), the picture field says so and the entry cannot be saved with it.
 */
const refused = new Map<string, string>();

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export function refusePicture(path: string, problem: string): void {
  refused.set(nameOf(path), problem);
}

/** A picture of that name was taken, after all: it is no longer the refused one. */
export function acceptPicture(path: string): void {
  refused.delete(nameOf(path));
}

/** What was wrong with the picture a field holds, if it is one refused when picked. */
export function refusedPictureProblem(value: unknown): string | null {
  return typeof value === 'string' && value ? (refused.get(nameOf(value)) ?? null) : null;
}
