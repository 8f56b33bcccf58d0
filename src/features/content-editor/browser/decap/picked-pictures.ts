/**
 * A picture is checked when it is picked, by the rules the endpoint checks a save with
 * (`pictureProblem`, shared/image-bytes.ts). Decap's media library gives the open entry a picked
 * file at once (its `persistMedia` action: `addDraftEntryMediaFile`), and the next save sends every
 * such file; it has no hook before that. So Decap's own store is watched, as Decap's media library
 * integrations are (decap-cms-core/src/mediaLibrary.ts): a new file that the rules refuse is taken
 * out of the entry again with Decap's own actions, the media library closes (its window would hide
 * the toast, and it would keep the refused file selected) and a toast says why, in the rules' words.
 */
import { fill } from '~/features/admin/text';
import { pictureProblem } from '../../shared/image-bytes';
import type { ContentEditorCopy } from '../../shared/schema';
import { acceptPicture, refusePicture } from '../refused-pictures';

interface Immutable {
  get(key: string): unknown;
}

/** The part of Decap's redux store this reads and acts on. */
export interface DecapStore {
  getState(): { entryDraft?: { getIn(path: string[]): Iterable<Immutable> | undefined } } | undefined;
  subscribe(listener: () => void): () => void;
  dispatch(action: unknown): unknown;
}

/** Decap's own action creators (decap-cms-core/src/actions/): entries, media, the media library, notifications. */
export interface DecapActions {
  removeDraftEntryMediaFile(file: { id: string }): unknown;
  removeAsset(path: string): unknown;
  closeMediaLibrary(): unknown;
  addNotification(notification: { message: string; type: 'error'; dismissAfter: number }): unknown;
}

const SAID_FOR_MS = 12_000;

/** Watches the open entry's picked files; returns the unsubscribe. `check` is the rules' (tests may wait on it). */
export function refusePicturesWhenPicked(
  store: DecapStore,
  actions: DecapActions,
  words: ContentEditorCopy['pictures'],
  check: (name: string, bytes: Uint8Array) => Promise<string | null> = pictureProblem,
): () => void {
  const looked = new WeakSet<Blob>();
  let seen: unknown = null;

  async function look(id: string, path: string, file: Blob) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const problem = await check(name, new Uint8Array(await file.arrayBuffer()));
    if (!problem) return acceptPicture(path);
    refusePicture(path, problem);
    store.dispatch(actions.removeDraftEntryMediaFile({ id }));
    store.dispatch(actions.removeAsset(path));
    store.dispatch(actions.closeMediaLibrary());
    store.dispatch(actions.addNotification({ message: fill(words.refused, { problem }), type: 'error', dismissAfter: SAID_FOR_MS }));
  }

  return store.subscribe(() => {
    const files = store.getState()?.entryDraft?.getIn(['entry', 'mediaFiles']);
    if (!files || files === seen) return;
    seen = files;
    for (const media of files) {
      const file = media.get('file');
      const id = media.get('id');
      const path = media.get('path');
      if (media.get('draft') !== true || !(file instanceof Blob) || typeof id !== 'string' || typeof path !== 'string' || looked.has(file)) continue;
      looked.add(file);
      void look(id, path, file);
    }
  });
}
