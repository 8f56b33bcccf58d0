/** Types for the Decap packages the editor imports that ship none (decap-cms-app ships its own). */
declare module 'decap-cms-backend-proxy' {
  /** decap-cms-backend-proxy/src/implementation.ts: the proxy backend every request of which goes through `request`. */
  export class ProxyBackend {
    constructor(config: unknown, options?: unknown);
    branch: string;
    proxyUrl: string;
    mediaFolder: string;
    authComponent(): unknown;
    authenticate(credentials?: unknown): Promise<unknown>;
    restoreUser(user?: unknown): Promise<unknown>;
    logout(): unknown;
    getMedia(folder?: string): Promise<unknown[]>;
    /** The file with its bytes as an object URL (`url`). */
    getMediaFile(path: string): Promise<{ id: string; name: string; path: string; url: string }>;
    request(payload: { action: string; params?: Record<string, unknown> }): Promise<unknown>;
  }
}

declare module 'decap-cms-core/dist/esm/components/Editor/EditorControlPane/Widget' {
  import type { ComponentClass } from 'react';
  const Widget: ComponentClass<Record<string, unknown>>;
  export default Widget;
}

declare module 'decap-cms-widget-string/dist/esm/StringControl' {
  import type { ComponentClass } from 'react';
  const StringControl: ComponentClass<Record<string, unknown>>;
  export default StringControl;
}

/** Decap's one redux store (decap-cms-core/src/redux/index.ts): the same module decap-cms-app starts with. */
declare module 'decap-cms-core/dist/esm/redux' {
  export const store: {
    getState(): unknown;
    subscribe(listener: () => void): () => void;
    dispatch(action: unknown): unknown;
  };
}

/** Decap's action creators the editor dispatches on that store (decap-cms-core/src/actions/). */
declare module 'decap-cms-core/dist/esm/actions/entries' {
  export function removeDraftEntryMediaFile(file: { id: string }): { type: string; payload: { id: string } };
  export function addDraftEntryMediaFile(file: Record<string, unknown>): { type: string; payload: unknown };
  export function emptyDraftCreated(entry: Record<string, unknown>): { type: string; payload: unknown };
}

declare module 'decap-cms-core/dist/esm/actions/media' {
  export function removeAsset(path: string): { type: string; payload: string };
}

declare module 'decap-cms-core/dist/esm/actions/mediaLibrary' {
  export function closeMediaLibrary(): unknown;
}

declare module 'decap-cms-core/dist/esm/actions/notifications' {
  export function addNotification(notification: { message: string; type: 'error' | 'success' | 'warning' | 'info'; dismissAfter?: number }): {
    type: string;
    payload: unknown;
  };
}
