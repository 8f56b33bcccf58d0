/**
 * What a save or a deletion writes, planned on one snapshot of the content (server/store.ts: the
 * store writes it on top of that very snapshot, or plans again on a newer one), so every check
 * holds for the commit that is made:
 *  1. every file it changes names the version it was opened at: none named → 428, a new entry
 *     where a file is → 409, a file changed since → 409;
 *  2. an editor changes nothing only the site's owner may change (a field marked ownerOnly(), or a
 *     collection of the owner's) → 403 naming each;
 *  3. each file passes the build's rules (check-save.ts), each new picture is one the build reads
 *     (shared/image-bytes.ts), never over another picture of the same name;
 *  4. a yes/no field one entry of a folder has (the featured guide) moves: ticked on one entry, it
 *     is unticked on the one that had it, in the same save; the folder's rule across entries holds;
 *  5. a picture that any entry of any collection shows is not deleted; the pictures a changed or
 *     deleted entry showed that nothing shows any more are deleted with it.
 * A problem of 3 to 5 refuses the save (422), each problem in the marketer's words with its field.
 */
import { type CheckedEntry, type CollectionSpec, collectionOfFile, schemaOf } from '~/lib/content-collections';
import { type ContentProblem, fieldPath, parseContentJson, problemAt } from '~/lib/content-problems';
import { isRecord } from '~/lib/is-record';
import type { AppRole } from '../../../../supabase/functions/_shared/roles.ts';
import { fieldWords, fileWords, pictureWords } from '../shared/field-words';
import { pictureProblem } from '../shared/image-bytes';
import { folderOf, isContentFile, isImagePath } from '../shared/paths';
import { canonicalJson } from './canonical-json';
import { type CheckedFile, checkFile, picturesIn } from './check-save';
import { ownerOnlyChanges } from './owner-only';
import { refuse } from './refusal';
import { type ContentSnapshot, type FileChange, type Plan, gitBlobSha } from './store';
import { z } from 'astro/zod';

export interface ContentUser {
  id: string;
  email: string;
  role: AppRole;
}

export interface SaveRequest {
  /** Content files as the form wrote them (a list file's text is its list). */
  files: { path: string; raw: string }[];
  /** Pictures picked in the form, with their bytes. */
  assets: { path: string; content: Uint8Array }[];
  /** Entries of folder collections, or pictures, to delete. */
  deletes: string[];
  /** The version (blob sha) of each file as the editor opened it; null: a new file. */
  versions: ReadonlyMap<string, string | null>;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const OWNER_ONLY = 'only the site’s owner can change this';

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A problem in words, with where it is: "“Fit Baddie Blueprint” (Free guides) › Featured: …". */
export function problemWords(problem: ContentProblem, data?: unknown): string {
  const found = collectionOfFile(problem.file);
  if (!found) return `${pictureWords(problem.file)}: ${problem.message}`;
  const field = problem.field ? ` › ${fieldWords(found.spec, problem.field)}` : '';
  return `${fileWords(problem.file, data)}${field}: ${problem.message}`;
}

/** The content files of a snapshot, read whole: every rule across files reads them as they are there. */
async function contentOf(snapshot: ContentSnapshot): Promise<Map<string, string>> {
  const paths = [...snapshot.files.keys()].filter((path) => isContentFile(path));
  const files = await snapshot.read(paths);
  return new Map([...files].map(([path, file]) => [path, decoder.decode(file.content)]));
}

function checkVersions(snapshot: ContentSnapshot, request: SaveRequest, stored: Map<string, string>): void {
  for (const path of [...request.files.map((file) => file.path), ...request.deletes]) {
    const name = isImagePath(path) ? pictureWords(path) : fileWords(path, parsed(stored.get(path)));
    if (!request.versions.has(path))
      refuse('no-version', `This change does not say which version of ${name} it was made on: reload the editor, then make your change again.`);
    const opened = request.versions.get(path) ?? null;
    const now = snapshot.files.get(path)?.sha ?? null;
    if (opened === null && now !== null) refuse('exists', `${name} is already there: give yours another title (or name), then save it again.`);
    if (opened !== now) refuse('stale', `${name} changed since you opened it: reload it to see the newer version, then make your change again.`);
  }
}

/** The owner-only fields an editor's file would change, as problems on their lines. */
function ownerOnlyProblems(path: string, spec: CollectionSpec, before: string | undefined, checked: CheckedFile): ContentProblem[] {
  if (spec.ownerOnly) return [{ file: path, line: 1, column: 1, field: '', message: OWNER_ONLY }];
  const schema = spec.kind === 'list' ? z.array(schemaOf(spec)) : schemaOf(spec);
  const tree = parseContentJson(path, checked.text);
  return ownerOnlyChanges(schema, parsed(before), checked.data).map((at) =>
    tree.ok ? problemAt(path, checked.text, tree.tree, at, OWNER_ONLY) : { file: path, line: 1, column: 1, field: fieldPath(at), message: OWNER_ONLY },
  );
}

/** Plans a save (or a deletion) on `snapshot`; throws a Refusal when it may not be made. */
export async function planSave(snapshot: ContentSnapshot, request: SaveRequest, user: ContentUser): Promise<Plan<null>> {
  const stored = await contentOf(snapshot);
  checkVersions(snapshot, request, stored);
  const problems: ContentProblem[] = [];
  const deletes = new Set(request.deletes);
  const assets = new Map(request.assets.map((asset) => [asset.path, asset.content]));
  const changes = new Map<string, Uint8Array | null>();

  for (const [path, content] of assets) {
    const name = pictureWords(path);
    const problem = isImagePath(path)
      ? await pictureProblem(name, content)
      : `${name}: a picture's name may hold lower-case letters, digits and dashes only. Rename it, then choose it again`;
    if (problem) problems.push({ file: path, line: 1, column: 1, field: '', message: problem });
    const there = snapshot.files.get(path);
    if (there && there.sha !== (await gitBlobSha(content))) refuse('exists', `There is already a picture named ${name}: rename yours, then choose it again.`);
    if (!there) changes.set(path, content);
  }

  const pictureThere = (path: string) => assets.has(path) || (snapshot.files.has(path) && !deletes.has(path));
  const checked = new Map<string, CheckedFile>();
  const owner: ContentProblem[] = [];
  for (const file of request.files) {
    const { spec } = collectionOfFile(file.path)!;
    if (spec.kind === 'folder' && !spec.create && !stored.has(file.path)) refuse('not-offered', `${spec.label} takes no new entries: edit the ones there are.`);
    for (const path of assets.keys()) {
      if (spec.images !== undefined && folderOf(path) !== spec.images)
        problems.push({ file: path, line: 1, column: 1, field: '', message: `was not chosen among the pictures of ${spec.label}: choose it again there` });
    }
    const result = await checkFile(file.path, file.raw, spec, stored.get(file.path) ?? null, pictureThere);
    checked.set(file.path, result);
    if (user.role !== 'admin') owner.push(...ownerOnlyProblems(file.path, spec, stored.get(file.path), result));
    problems.push(...result.problems);
    if (result.text !== stored.get(file.path)) changes.set(file.path, encoder.encode(result.text));
  }
  for (const path of deletes) {
    if (isImagePath(path)) continue;
    const found = collectionOfFile(path);
    if (!found || found.spec.kind !== 'folder' || !found.spec.create)
      refuse('not-offered', `${fileWords(path, parsed(stored.get(path)))} cannot be deleted from the editor.`);
    if (found!.spec.ownerOnly && user.role !== 'admin') owner.push({ file: path, line: 1, column: 1, field: '', message: OWNER_ONLY });
    if (stored.has(path)) changes.set(path, null);
  }
  if (owner.length) {
    refuse('owner-only', `Not saved: ${owner.map((problem) => problemWords(problem, parsed(stored.get(problem.file)))).join('; ')}.`, { problems: owner });
  }

  // The content as it will be, file by file (text, or null: deleted).
  const after = new Map<string, string>(stored);
  for (const [path, content] of changes) {
    if (!isContentFile(path)) continue;
    if (content) after.set(path, decoder.decode(content));
    else after.delete(path);
  }
  if (problems.length === 0) problems.push(...exclusiveMoves(request, checked, stored, after, changes));
  if (problems.length === 0) problems.push(...(await rulesAcross(request, checked, after)));
  if (problems.length === 0) problems.push(...picturePlan(request, stored, after, assets, snapshot, changes));
  if (problems.length) {
    refuse('invalid', `Not saved: ${problems.map((problem) => problemWords(problem, parsed(after.get(problem.file) ?? stored.get(problem.file)))).join('; ')}.`, {
      problems,
    });
  }

  const list: FileChange[] = [...changes].map(([path, content]) => ({ path, content }));
  return {
    changes: list,
    message: commitMessage(
      list.map((change) => change.path),
      user.email,
    ),
    result: null,
  };
}

/** Ticked on a saved entry, the folder's exclusive field is unticked on the others (written with the save); none left ticked is a problem. */
function exclusiveMoves(
  request: SaveRequest,
  checked: Map<string, CheckedFile>,
  stored: Map<string, string>,
  after: Map<string, string>,
  changes: Map<string, Uint8Array | null>,
) {
  const problems: ContentProblem[] = [];
  const folders = new Map<string, CollectionSpec>();
  for (const path of [...checked.keys(), ...request.deletes]) {
    const found = collectionOfFile(path);
    if (found?.spec.kind === 'folder' && found.spec.exclusive) folders.set(found.spec.path, found.spec);
  }
  for (const spec of folders.values()) {
    const key = spec.exclusive!;
    const inFolder = [...after.keys()].filter((path) => folderOf(path) === spec.path);
    const ticked = [...checked].filter(([path, file]) => folderOf(path) === spec.path && isRecord(file.data) && file.data[key] === true).map(([path]) => path);
    if (ticked.length) {
      for (const path of inFolder) {
        const data = parsed(after.get(path));
        if (ticked.includes(path) || !isRecord(data) || data[key] !== true) continue;
        const text = canonicalJson({ ...data, [key]: false });
        after.set(path, text);
        changes.set(path, encoder.encode(text));
      }
    }
    if (inFolder.some((path) => (parsed(after.get(path)) as Record<string, unknown> | undefined)?.[key] === true)) continue;
    const was = [...stored.keys()].find((path) => folderOf(path) === spec.path && (parsed(stored.get(path)) as Record<string, unknown> | undefined)?.[key] === true);
    const label = fieldWords(spec, key);
    const where = was ? fileWords(was, parsed(stored.get(was))) : spec.label;
    problems.push(
      was && request.deletes.includes(was)
        ? { file: was, line: 1, column: 1, field: '', message: `this is the one with ${label} ticked: tick ${label} on another entry first, then delete this one` }
        : {
            file: was ?? spec.path,
            line: 1,
            column: 1,
            field: key,
            message: `one entry always has ${label} ticked: tick it on the one that should take its place (that unticks ${where})`,
          },
    );
  }
  return problems;
}

/** Each touched folder's rule across its entries (exactly one featured guide), over the entries as they will be. */
async function rulesAcross(request: SaveRequest, checked: Map<string, CheckedFile>, after: Map<string, string>): Promise<ContentProblem[]> {
  const problems: ContentProblem[] = [];
  const specs = new Map<string, CollectionSpec>();
  for (const path of [...checked.keys(), ...request.deletes]) {
    const found = collectionOfFile(path);
    if (found?.spec.check) specs.set(found.spec.path, found.spec);
  }
  for (const spec of specs.values()) {
    const entries: CheckedEntry[] = [];
    for (const [path, text] of after) {
      if (collectionOfFile(path)?.spec !== spec) continue;
      const file = await checkFile(path, text, spec, text, () => true);
      problems.push(...file.problems);
      entries.push(...file.entries);
    }
    const problem = problems.length ? null : spec.check!(entries);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** The pictures each content file shows. */
function picturesShown(files: Map<string, string>): Map<string, string[]> {
  const shown = new Map<string, string[]>();
  for (const [path, text] of files) {
    const found = collectionOfFile(path);
    if (!found) continue;
    for (const { picture } of picturesIn(found.spec, path, parsed(text))) if (picture) shown.set(picture, [...(shown.get(picture) ?? []), path]);
  }
  return shown;
}

/** A picture still shown is not deleted; the pictures the changed entries showed that nothing shows any more go with them. */
function picturePlan(
  request: SaveRequest,
  stored: Map<string, string>,
  after: Map<string, string>,
  assets: Map<string, Uint8Array>,
  snapshot: ContentSnapshot,
  changes: Map<string, Uint8Array | null>,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const shownAfter = picturesShown(after);
  for (const path of request.deletes.filter((candidate) => isImagePath(candidate))) {
    const showing = shownAfter.get(path);
    if (showing) {
      const names = showing.map((file) => fileWords(file, parsed(after.get(file))));
      problems.push({ file: path, line: 1, column: 1, field: '', message: `this picture is still shown by ${names.join(', ')}: choose another picture there first` });
    } else if (snapshot.files.has(path)) changes.set(path, null);
  }
  const changed = [...changes.keys()].filter((path) => isContentFile(path));
  const before = picturesShown(new Map(changed.filter((path) => stored.has(path)).map((path) => [path, stored.get(path)!])));
  for (const picture of before.keys()) {
    if (!shownAfter.has(picture) && !assets.has(picture) && snapshot.files.has(picture)) changes.set(picture, null);
  }
  return problems;
}

function commitMessage(paths: string[], email: string): string {
  const [first, ...more] = paths;
  return `Content: ${first ?? 'nothing'}${more.length ? ` and ${more.length} more file${more.length > 1 ? 's' : ''}` : ''} (by ${email})`;
}
