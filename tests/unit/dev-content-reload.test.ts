/**
 * `npm run dev`'s reload after a content change spares the tabs of the content editor, and only
 * that reload (src/integrations/dev-content-reload/): Vite's own reloads (new dependencies bundled,
 * a code change) still reach every tab. The server here is the part of Vite's dev server the
 * integration touches; tests/e2e-dev/content-editor.spec.ts saves in one real tab while another holds
 * unsaved changes.
 */
import type { ViteDevServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { SPARE_FROM_CONTENT_RELOAD } from '~/integrations/dev-content-reload/contract';
import { spareTabsFromContentReload } from '~/integrations/dev-content-reload/index';

const EVERY_PAGE = { type: 'full-reload', path: '*' };

function devServer() {
  const listeners = new Map<string, (data: unknown, client: unknown) => void>();
  const tab = (name: string) => ({
    name,
    got: [] as unknown[],
    send(payload: unknown) {
      this.got.push(payload);
    },
  });
  const tabs = [tab('editor'), tab('home'), tab('guides')];
  const broadcast: unknown[] = [];
  const ssrSent: unknown[] = [];
  const server = {
    ws: { on: (event: string, listener: (data: unknown, client: unknown) => void) => listeners.set(event, listener), clients: new Set(tabs) },
    environments: {
      client: { hot: { send: (payload: unknown) => broadcast.push(payload) } },
      ssr: { hot: { send: (...args: unknown[]) => ssrSent.push(args[0]) } },
    },
  };
  spareTabsFromContentReload(server as unknown as Pick<ViteDevServer, 'ws' | 'environments'>);
  const [editor, home, guides] = tabs;
  listeners.get(SPARE_FROM_CONTENT_RELOAD)!(undefined, editor);
  /** What Astro does when its content store changes (invalidateDataStore). */
  const contentChanged = () => {
    server.environments.ssr.hot.send('astro:content-changed', {});
    server.environments.client.hot.send(EVERY_PAGE);
  };
  return { server, editor: editor!, home: home!, guides: guides!, broadcast, ssrSent, contentChanged };
}

describe('the reload after a content change', () => {
  it('reaches every tab but the content editor’s', () => {
    const { editor, home, guides, broadcast, ssrSent, contentChanged } = devServer();
    contentChanged();
    expect(home.got).toEqual([EVERY_PAGE]);
    expect(guides.got).toEqual([EVERY_PAGE]);
    expect(editor.got).toEqual([]);
    expect(broadcast).toEqual([]);
    expect(ssrSent, 'the server side still hears of the change').toEqual(['astro:content-changed']);
  });

  it('Vite’s own reloads (new dependencies, a code change) still reach every tab, the editor’s too', async () => {
    const { server, broadcast } = devServer();
    server.environments.client.hot.send(EVERY_PAGE);
    server.environments.client.hot.send({ type: 'full-reload', path: '*', triggeredBy: '/src/features/x.ts' });
    expect(broadcast).toHaveLength(2);
    // A content change's turn is over: a reload after it is not the change's.
    server.environments.ssr.hot.send('astro:content-changed', {});
    await Promise.resolve();
    server.environments.client.hot.send(EVERY_PAGE);
    expect(broadcast).toHaveLength(3);
  });

  it('updates that are not reloads pass as they are', () => {
    const { server, broadcast, contentChanged } = devServer();
    contentChanged();
    server.environments.client.hot.send({ type: 'update', updates: [] });
    expect(broadcast).toEqual([{ type: 'update', updates: [] }]);
  });
});
