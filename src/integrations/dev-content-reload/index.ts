/**
 * `astro dev` only: a content file saved by the content editor still shows at once on every open
 * page of the site, but a tab of the content editor is not reloaded, so a save in one tab never
 * discards another tab's unsaved changes. When its content store changes, Astro tells its server
 * environments `astro:content-changed`, then, in the same turn, tells every page to reload (a
 * `full-reload` of path `*`: astro/dist/content/vite-plugin-content-virtual-mod.js,
 * `invalidateDataStore`). An editor tab says so when it opens (SPARE_FROM_CONTENT_RELOAD, from
 * src/features/content-editor/browser/dev-reload.ts), and that one reload goes to every other tab
 * only. Any other reload (a code change, Vite bundling new dependencies) still reaches every tab.
 * `astro build` never loads this, and the editor's side of it is gone from the build.
 */
import type { AstroIntegration } from 'astro';
import type { Plugin, ViteDevServer, WebSocketClient } from 'vite';
import { SPARE_FROM_CONTENT_RELOAD } from './contract';

/** What Astro tells its server environments just before it reloads every page for a content change. */
const CONTENT_CHANGED = 'astro:content-changed';

interface Payload {
  type?: unknown;
  path?: unknown;
}

const isReloadOfEveryPage = (payload: unknown): boolean =>
  typeof payload === 'object' && payload !== null && (payload as Payload).type === 'full-reload' && (payload as Payload).path === '*';

type Send = (...args: unknown[]) => void;

/** Sends the reload of a content change to every connected tab but the ones that asked to be spared. */
export function spareTabsFromContentReload(server: Pick<ViteDevServer, 'ws' | 'environments'>): void {
  const spared = new WeakSet<WebSocketClient>();
  server.ws.on(SPARE_FROM_CONTENT_RELOAD, (_data: unknown, client: WebSocketClient) => spared.add(client));

  let contentChanged = false;
  for (const [name, environment] of Object.entries(server.environments)) {
    if (name === 'client') continue;
    const send = environment.hot.send.bind(environment.hot) as Send;
    environment.hot.send = ((...args: unknown[]) => {
      if (args[0] === CONTENT_CHANGED) {
        contentChanged = true;
        // Astro's reload follows in the same turn; anything later is not this change's.
        queueMicrotask(() => (contentChanged = false));
      }
      return send(...args);
    }) as typeof environment.hot.send;
  }

  const client = server.environments.client.hot;
  const send = client.send.bind(client) as Send;
  client.send = ((...args: unknown[]) => {
    if (!contentChanged || !isReloadOfEveryPage(args[0])) return send(...args);
    for (const tab of server.ws.clients) if (!spared.has(tab)) tab.send(args[0] as never);
  }) as typeof client.send;
}

const plugin: Plugin = {
  name: 'dev-content-reload',
  apply: 'serve',
  configureServer: spareTabsFromContentReload,
};

export function devContentReload(): AstroIntegration {
  return {
    name: 'dev-content-reload',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command === 'dev') updateConfig({ vite: { plugins: [plugin] } });
      },
    },
  };
}
