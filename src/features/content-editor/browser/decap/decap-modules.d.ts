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
