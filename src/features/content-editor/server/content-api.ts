/**
 * `POST /api/content`: Decap CMS's proxy protocol (`{ action, params }`) for the content editor,
 * runtime-free (Request, a store, an authorizer → Response). functions/api/content.ts adapts it to
 * Cloudflare Pages, with the GitHub repository as the store, or the working tree under `npm run dev`.
 *
 * - 401 without a session, 403 unless the user is an admin or an editor.
 * - Only the content files and their pictures are read or written (paths.ts).
 * - A save is checked by the build's rules first (check-save.ts): 422 with each problem's file,
 *   line and field, and nothing written. A save based on an older version of a file (the editor
 *   sends the versions it opened as `baseShas`) is refused: 409. A save that names no version is
 *   taken as it is, as Decap's stock proxy backend sends it.
 * - 503 naming the missing settings when there is no store.
 * Every answer is JSON; an error's words are in `error`, as Decap reads them.
 */
import { type CollectionSpec, collectionOfFile, contentCollections } from '~/lib/content-collections';
import { problemLine } from '~/lib/content-problems';
import { type SaveInput, checkSave } from './check-save';
import { bytesToBase64, sentBase64 } from './base64';
import { IMAGES_DIR, folderOf, isContentFile, isImageFolder, isImagePath, resolveFrom } from '../shared/paths';
import { type ContentStore, type FileChange, StaleFileError } from './store';
import { isRecord } from '~/lib/is-record';
import { bearer } from '../../../../supabase/functions/_shared/auth.ts';

export interface ContentUser {
  id: string;
  email: string;
}

/** Who the bearer token is, and whether they may edit content. */
export type Authorize = (token: string) => Promise<{ ok: true; user: ContentUser } | { ok: false; status: 401 | 403 | 502; error: string }>;

export interface ContentDeps {
  /** The store, or which settings are missing or wrong (the answer is then 503). */
  store: ContentStore | { missing: string[] } | { invalid: string; message: string };
  authorize: Authorize;
}

/** The largest request: one picture of 10 MB, base64, with its entry. */
export const MAX_REQUEST_BYTES = 15 * 1024 * 1024;

class RequestProblem extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown>;
  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}
const refuse = (status: number, message: string, extra?: Record<string, unknown>): never => {
  throw new RequestProblem(status, message, extra);
};

const SPECS: CollectionSpec[] = Object.values(contentCollections);
const decoder = new TextDecoder();
const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
const text = (value: Uint8Array) => decoder.decode(value);

function contentPath(path: unknown): string {
  return isContentFile(path) ? path : refuse(400, `${String(path)} is not a content file the editor may open`);
}

async function entryOf(store: ContentStore, path: string) {
  const file = await store.read(path);
  return file ? { data: text(file.content), file: { path, id: file.sha } } : { data: null, file: { path, id: null } };
}

function mediaFile(path: string, sha: string, content?: Uint8Array) {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return { id: sha, name, path, ...(content ? { content: bytesToBase64(content), encoding: 'base64' } : {}) };
}

/** The versions the editor opened (`params.baseShas`): a sha, null (a new file), or nothing said. */
function baseShaOf(params: Record<string, unknown>, path: string): string | null | undefined {
  const shas = params.baseShas;
  if (!isRecord(shas) || !(path in shas)) return undefined;
  const sha = shas[path];
  return sha === null || (typeof sha === 'string' && /^[0-9a-f]{40}$/.test(sha)) ? sha : refuse(400, `baseShas.${path} must be a file's sha or null`);
}

function assetsOf(value: unknown): SaveInput['assets'] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return refuse(400, 'assets must be a list');
  return value.map((asset: unknown) => {
    if (!isRecord(asset) || typeof asset.path !== 'string' || typeof asset.content !== 'string' || asset.encoding !== 'base64') {
      return refuse(400, 'each asset needs its path, and its content in base64');
    }
    const content = sentBase64(asset.content) ?? refuse(400, `${asset.path}: its content is not base64`);
    return { path: asset.path.replace(/^\/+/, ''), content };
  });
}

function message(paths: string[], email: string): string {
  const [first, ...more] = paths;
  return `Content: ${first}${more.length ? ` and ${more.length} more file${more.length > 1 ? 's' : ''}` : ''} (by ${email})`;
}

/** Checks a save by the build's rules, then writes it in one go. */
async function save(store: ContentStore, user: ContentUser, params: Record<string, unknown>, input: SaveInput) {
  const checked = await checkSave(input, store);
  if (checked.problems.length) {
    const [first] = checked.problems;
    refuse(422, checked.problems.length === 1 ? problemLine(first!) : `${problemLine(first!)} (and ${checked.problems.length - 1} more)`, { problems: checked.problems });
  }
  const changes: FileChange[] = [
    ...checked.writes.map((write) => ({ path: write.path, content: write.content, baseSha: baseShaOf(params, write.path) })),
    ...(input.deletes ?? []).map((path) => ({ path, content: null, baseSha: baseShaOf(params, path) })),
  ];
  const result = await store.save(
    changes,
    message(
      changes.map((change) => change.path),
      user.email,
    ),
    { name: user.email, email: user.email },
  );
  return { message: 'saved', store: store.kind, commit: result.commit, files: result.files };
}

/** The content files that name a picture, of the collections that keep their pictures in its folder. */
async function filesNaming(store: ContentStore, picture: string): Promise<string[]> {
  const naming: string[] = [];
  for (const spec of SPECS) {
    if (spec.images === undefined || spec.images !== folderOf(picture)) continue;
    const paths = spec.kind === 'folder' ? (await store.list(spec.path)).filter((file) => file.path.endsWith('.json')).map((file) => file.path) : [spec.path];
    for (const path of paths) {
      const file = await store.read(path);
      const written = file ? [...text(file.content).matchAll(/"([^"]+\.(?:jpe?g|png|webp|avif))"/g)].map((match) => resolveFrom(path, match[1]!)) : [];
      if (written.includes(picture)) naming.push(path);
    }
  }
  return naming;
}

async function act(action: unknown, params: Record<string, unknown>, store: ContentStore, user: ContentUser): Promise<unknown> {
  switch (action) {
    case 'info':
      // Which store saves go to: the editor says after a save where it went.
      return { store: store.kind };
    case 'entriesByFolder': {
      const folder = params.folder;
      const spec = SPECS.find((candidate) => candidate.kind === 'folder' && candidate.path === folder);
      if (!spec) return refuse(400, `${String(folder)} is not a folder of content the editor may open`);
      const files = (await store.list(spec.path)).filter((file) => file.type === 'file' && file.path.endsWith('.json'));
      return Promise.all(files.map((file) => entryOf(store, file.path)));
    }
    case 'entriesByFiles': {
      if (!Array.isArray(params.files)) return refuse(400, 'files must be a list of { path }');
      return Promise.all(params.files.map((file: unknown) => entryOf(store, contentPath(isRecord(file) ? file.path : undefined))));
    }
    case 'getEntry':
      return entryOf(store, contentPath(params.path));
    case 'persistEntry': {
      if (!Array.isArray(params.dataFiles) || params.dataFiles.length === 0) return refuse(400, 'dataFiles must list the files to save');
      const files = [];
      for (const file of params.dataFiles as unknown[]) {
        if (!isRecord(file) || typeof file.raw !== 'string') return refuse(400, 'each data file needs its path and its raw text');
        if (file.newPath !== undefined && file.newPath !== file.path) return refuse(400, 'an entry keeps its file name: renaming is not offered');
        const path = contentPath(file.path);
        const found = collectionOfFile(path)!;
        if (found.spec.kind === 'folder' && !found.spec.create && !(await store.read(path)))
          return refuse(403, `${found.spec.label} takes no new entries: edit the ones there are`);
        files.push({ path, raw: file.raw });
      }
      return save(store, user, params, { files, assets: assetsOf(params.assets) });
    }
    case 'persistMedia': {
      const [asset] = assetsOf([params.asset]);
      const result = await save(store, user, params, { files: [], assets: [asset!] });
      return { ...mediaFile(asset!.path, result.files[0]?.sha ?? ''), ...result };
    }
    case 'getMedia': {
      const folder = String(params.mediaFolder ?? '').replace(/^\/+|\/+$/g, '');
      // Decap lists the top folder at start; pictures are kept by collection, in its folders.
      if (folder === IMAGES_DIR) return [];
      if (!isImageFolder(folder)) return refuse(400, `${folder} is not a folder of pictures under src/content/images/`);
      const pictures = (await store.list(folder)).filter((file) => file.type === 'file' && isImagePath(file.path));
      if (params.content === false) return pictures.map((file) => ({ ...mediaFile(file.path, file.sha), size: file.size }));
      return Promise.all(pictures.map(async (file) => mediaFile(file.path, file.sha, (await store.read(file.path))?.content ?? new Uint8Array())));
    }
    case 'getMediaFile': {
      const path = String(params.path ?? '').replace(/^\/+/, '');
      if (!isImagePath(path)) return refuse(400, `${path} is not a picture under src/content/images/`);
      const file = (await store.read(path)) ?? refuse(404, `there is no picture ${path}`);
      return mediaFile(path, file.sha, file.content);
    }
    case 'deleteFiles': {
      if (!Array.isArray(params.paths) || params.paths.length === 0) return refuse(400, 'paths must list the files to delete');
      const paths = params.paths.map((path: unknown) => String(path).replace(/^\/+/, ''));
      for (const path of paths) {
        if (isImagePath(path)) {
          const naming = await filesNaming(store, path);
          if (naming.length) refuse(422, `${path} is still shown by ${naming.join(', ')}: choose another picture there first`);
          continue;
        }
        const found = isContentFile(path) ? collectionOfFile(path) : null;
        if (!found || found.spec.kind !== 'folder' || !found.spec.create) refuse(403, `${path} cannot be deleted from the editor`);
      }
      const content = paths.filter((path) => !isImagePath(path));
      const pictures = paths.filter((path) => isImagePath(path));
      if (content.length) return save(store, user, params, { files: [], assets: [], deletes: content });
      const result = await store.save(
        pictures.map((path) => ({ path, content: null, baseSha: baseShaOf(params, path) })),
        message(pictures, user.email),
        { name: user.email, email: user.email },
      );
      return { message: 'deleted', store: store.kind, commit: result.commit, files: result.files };
    }
    default:
      return refuse(400, `${String(action)} is not an action of the content editor`);
  }
}

export async function handleContentRequest(request: Request, deps: ContentDeps): Promise<Response> {
  if (request.method !== 'POST') return jsonResponse({ error: 'method must be POST' }, 405, { Allow: 'POST' });
  const token = bearer(request.headers);
  if (!token) return jsonResponse({ error: 'Sign in to edit the content (no session was sent).' }, 401);
  const who = await deps.authorize(token);
  if (!who.ok) return jsonResponse({ error: who.error }, who.status);
  if ('invalid' in deps.store) return jsonResponse({ error: `The content editor is not set up on this server: ${deps.store.message}`, invalid: deps.store.invalid }, 503);
  if ('missing' in deps.store) {
    return jsonResponse(
      {
        error: `The content editor is not set up on this server: ${deps.store.missing.join(', ')} ${deps.store.missing.length > 1 ? 'are' : 'is'} not set.`,
        missing: deps.store.missing,
      },
      503,
    );
  }
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_REQUEST_BYTES) return jsonResponse({ error: 'The request is too large: a picture may be 10 MB at most.' }, 413);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return jsonResponse({ error: 'The request is not JSON.' }, 400);
  }
  if (!isRecord(body) || typeof body.action !== 'string') return jsonResponse({ error: 'The request names no action.' }, 400);
  const params = isRecord(body.params) ? body.params : {};
  try {
    return jsonResponse(await act(body.action, params, deps.store, who.user));
  } catch (error) {
    if (error instanceof RequestProblem) return jsonResponse({ error: error.message, ...error.extra }, error.status);
    if (error instanceof StaleFileError) {
      return jsonResponse(
        { error: `This file changed since you opened it: ${error.path}. Reload it to see the newer version, then make your change again.`, path: error.path },
        409,
      );
    }
    return jsonResponse({ error: `The content could not be read or saved: ${error instanceof Error ? error.message : String(error)}` }, 502);
  }
}
