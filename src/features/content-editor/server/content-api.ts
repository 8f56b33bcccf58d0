/**
 * `POST /api/content`: Decap CMS's proxy protocol (`{ action, params }`) for the content editor,
 * runtime-free (Request, a store, an authorizer → Response). functions/api/content.ts adapts it to
 * Cloudflare Pages, with the GitHub repository as the store, or the working tree under `npm run dev`.
 *
 * - 401 without a session, 403 unless the user is an admin or an editor; then 503 when the server
 *   has no store (its missing settings named to her only).
 * - The body is read within its cap (413) and its nesting checked (400) before anything else reads it.
 * - Only the content files and their pictures are read or written (shared/paths.ts).
 * - Reads come from one snapshot of the content; a save or a deletion is planned on a snapshot and
 *   written on top of it (save-plan.ts says what is checked, and what each refusal is).
 * - A refusal answers its reason and a sentence in the marketer's words (shared/answers.ts); one the
 *   store met (GitHub refusing the token, a rate limit…) is also written to the log.
 */
import { collectionOfFile, contentCollections } from '~/lib/content-collections';
import { isRecord } from '~/lib/is-record';
import { bearer } from '../../../../supabase/functions/_shared/auth.ts';
import type { ContentRefusal } from '../shared/answers';
import { IMAGES_DIR, isContentFile, isImageFolder, isImagePath } from '../shared/paths';
import { bytesToBase64, sentBase64 } from './base64';
import { storeRefusal } from './store-refusals';
import { Refusal, refuse } from './refusal';
import { readEditorRequest } from './request-body';
import { type ContentUser, type SaveRequest, planSave } from './save-plan';
import type { ContentStore } from './store';

export type { ContentUser } from './save-plan';

/** Who the bearer token is, and whether they may edit content. */
export type Authorize = (token: string) => Promise<{ ok: true; user: ContentUser } | { ok: false; refusal: Refusal }>;

export interface ContentDeps {
  /** The store, or which settings are missing or wrong (the answer is then 503). */
  store: ContentStore | { missing: string[] } | { invalid: string; message: string };
  authorize: Authorize;
  /** Where a refusal the store met is written (the function's log). */
  log?: (line: string) => void;
}

/** The largest request: one picture of 10 MB, base64, with its entry. */
export const MAX_REQUEST_BYTES = 15 * 1024 * 1024;

const FOLDERS = Object.values(contentCollections).filter((spec) => spec.kind === 'folder');
const decoder = new TextDecoder();

const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff', ...headers } });

function contentPath(path: unknown): string {
  return isContentFile(path) ? path : refuse('bad-request', 'This is not a content file the editor may open.');
}

function entryOf(files: Map<string, { sha: string; content: Uint8Array }>, path: string) {
  const file = files.get(path);
  return file ? { data: decoder.decode(file.content), file: { path, id: file.sha } } : { data: null, file: { path, id: null } };
}

function mediaFile(path: string, sha: string, content?: Uint8Array) {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return { id: sha, name, path, ...(content ? { content: bytesToBase64(content), encoding: 'base64' } : {}) };
}

/** The versions the editor opened (`params.baseShas`): a sha, or null for a new file. */
function versionsOf(params: Record<string, unknown>): Map<string, string | null> {
  const shas = isRecord(params.baseShas) ? params.baseShas : {};
  return new Map(
    Object.entries(shas).map(([path, sha]) =>
      sha === null || (typeof sha === 'string' && /^[0-9a-f]{40}$/.test(sha)) ? [path, sha] : refuse('bad-request', 'A version the editor sent is not a version.'),
    ),
  );
}

function assetsOf(value: unknown): SaveRequest['assets'] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return refuse('bad-request', 'The pictures of a save must be a list.');
  return value.map((asset: unknown) => {
    if (!isRecord(asset) || typeof asset.path !== 'string' || typeof asset.content !== 'string' || asset.encoding !== 'base64') {
      return refuse('bad-request', 'Each picture of a save needs its path and its bytes.');
    }
    const content = sentBase64(asset.content) ?? refuse('bad-request', 'A picture of the save did not arrive whole: choose it again.');
    return { path: asset.path.replace(/^\/+/, ''), content };
  });
}

/** Plans the save on a snapshot and writes it on top of that snapshot (store.ts). */
async function save(store: ContentStore, user: ContentUser, request: SaveRequest) {
  const { saved } = await store.transact((snapshot) => planSave(snapshot, request, user), { name: user.email, email: user.email });
  return { message: 'saved', store: store.kind, commit: saved.commit, files: saved.files };
}

async function act(action: string, params: Record<string, unknown>, store: ContentStore, user: ContentUser): Promise<unknown> {
  switch (action) {
    case 'info':
      // Which store saves go to, and who is editing: the editor says after a save where it went.
      return { store: store.kind, role: user.role };
    case 'entriesByFolder': {
      const spec = FOLDERS.find((candidate) => candidate.path === params.folder) ?? refuse('bad-request', 'This is not a folder of content the editor may open.');
      const snapshot = await store.snapshot();
      const paths = [...snapshot.files.keys()].filter((path) => path.endsWith('.json') && collectionOfFile(path)?.spec === spec);
      const files = await snapshot.read(paths);
      return paths.map((path) => entryOf(files, path));
    }
    case 'entriesByFiles':
    case 'getEntry': {
      const asked =
        action === 'getEntry' ? [params.path] : Array.isArray(params.files) ? params.files.map((file: unknown) => (isRecord(file) ? file.path : undefined)) : null;
      const paths = (asked ?? refuse('bad-request', 'The files to open must be a list.')).map(contentPath);
      const snapshot = await store.snapshot();
      const files = await snapshot.read(paths);
      const entries = paths.map((path) => entryOf(files, path));
      return action === 'getEntry' ? entries[0] : entries;
    }
    case 'persistEntry': {
      if (!Array.isArray(params.dataFiles) || params.dataFiles.length === 0) return refuse('bad-request', 'A save must name the files it saves.');
      const files = (params.dataFiles as unknown[]).map((file) => {
        if (!isRecord(file) || typeof file.raw !== 'string') return refuse('bad-request', 'Each file of a save needs its text.');
        if (file.newPath !== undefined && file.newPath !== file.path) return refuse('not-offered', 'An entry keeps its address: renaming is not offered.');
        return { path: contentPath(file.path), raw: file.raw };
      });
      return save(store, user, { files, assets: assetsOf(params.assets), deletes: [], versions: versionsOf(params) });
    }
    case 'persistMedia': {
      const [asset] = assetsOf([params.asset]);
      const result = await save(store, user, { files: [], assets: [asset!], deletes: [], versions: new Map() });
      return { ...mediaFile(asset!.path, result.files[0]?.sha ?? ''), ...result };
    }
    case 'getMedia': {
      const folder = String(params.mediaFolder ?? '').replace(/^\/+|\/+$/g, '');
      // Decap lists the top folder at start; pictures are kept by collection, in its folders.
      if (folder === IMAGES_DIR) return [];
      if (!isImageFolder(folder)) return refuse('bad-request', 'This is not a folder of the site’s pictures.');
      const snapshot = await store.snapshot();
      const pictures = [...snapshot.files.values()].filter(
        (file) => isImagePath(file.path) && file.path.startsWith(`${folder}/`) && !file.path.slice(folder.length + 1).includes('/'),
      );
      if (params.content === false) return pictures.map((file) => ({ ...mediaFile(file.path, file.sha), size: file.size }));
      const read = await snapshot.read(pictures.map((file) => file.path));
      return pictures.map((file) => mediaFile(file.path, file.sha, read.get(file.path)?.content ?? new Uint8Array()));
    }
    case 'getMediaFile': {
      const path = String(params.path ?? '').replace(/^\/+/, '');
      if (!isImagePath(path)) return refuse('bad-request', 'This is not one of the site’s pictures.');
      const file = (await (await store.snapshot()).read([path])).get(path) ?? refuse('bad-request', 'This picture is not there any more: reload the editor.');
      return mediaFile(path, file.sha, file.content);
    }
    case 'deleteFiles': {
      if (!Array.isArray(params.paths) || params.paths.length === 0) return refuse('bad-request', 'A deletion must name what it deletes.');
      const deletes = params.paths.map((path: unknown) => {
        const clean = String(path).replace(/^\/+/, '');
        return isImagePath(clean) || isContentFile(clean) ? clean : refuse('bad-request', 'This is not a file the editor may delete.');
      });
      const result = await save(store, user, { files: [], assets: [], deletes, versions: versionsOf(params) });
      return { ...result, message: 'deleted' };
    }
    default:
      return refuse('bad-request', 'This is not an action of the content editor.');
  }
}

function answer(refusal: Refusal): Response {
  const body: ContentRefusal = refusal.answer();
  const retry = body.retryAt ? Math.max(1, Math.ceil((Date.parse(body.retryAt) - Date.now()) / 1000)) : null;
  return jsonResponse(body, refusal.status, retry ? { 'retry-after': String(retry) } : {});
}

export async function handleContentRequest(request: Request, deps: ContentDeps): Promise<Response> {
  const log = deps.log ?? ((line: string) => console.error(line));
  try {
    if (request.method !== 'POST') return jsonResponse({ error: 'Send the editor’s requests with POST.', reason: 'bad-request' }, 405, { Allow: 'POST' });
    const token = bearer(request.headers) ?? refuse('signed-out', 'Sign in to edit the content.');
    const who = await deps.authorize(token);
    if (!who.ok) throw who.refusal;
    if ('invalid' in deps.store) refuse('not-set-up', `The content editor is not set up on this server: ${deps.store.message}`);
    if ('missing' in deps.store) {
      const { missing } = deps.store;
      refuse('not-set-up', `The content editor is not set up on this server: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set.`, { missing });
    }
    const store = deps.store as ContentStore;
    const body = await readEditorRequest(request, MAX_REQUEST_BYTES, () =>
      refuse('too-large', 'This is more than the editor takes in one save: a picture may be 10 MB at most.', { limitMegabytes: 10 }),
    );
    if (!isRecord(body) || typeof body.action !== 'string') return refuse('bad-request', 'The request names no action.');
    return jsonResponse(await act(body.action, isRecord(body.params) ? body.params : {}, store, who.user));
  } catch (error) {
    if (error instanceof Refusal) return answer(error);
    const refusal = storeRefusal(error);
    log(
      `content: ${refusal.reason} (${refusal.status}): ${refusal.message}${error instanceof Error && error.stack && refusal.reason === 'failed' ? `\n${error.stack}` : ''}`,
    );
    return answer(refusal);
  }
}
