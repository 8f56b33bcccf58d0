/**
 * `npm run dev` only: a local stand-in of the coach's scheduling widget, so the booking path can be
 * tried end to end without accounts, without the network and without booking a real call. Under
 * LOCAL_SCHEDULER_BASE the dev server serves a clearly labelled test scheduler (`widget/booking/<id>`,
 * as the real host's address) and an empty embed script; the booking dialog embeds them
 * (src/features/booking/local-scheduler.ts). The routes and the flag exist only for `astro dev`:
 * `astro build` never sees them, so dist/ holds neither (tests/dist/dev-only.test.ts).
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { LOCAL_SCHEDULER_BASE, LOCAL_SCHEDULER_EMBED_SCRIPT } from '../../features/booking/local-scheduler';

export function localScheduler(): AstroIntegration {
  return {
    name: 'local-scheduler',
    hooks: {
      'astro:config:setup': ({ command, injectRoute, updateConfig }) => {
        if (command !== 'dev') return;
        injectRoute({
          pattern: `${LOCAL_SCHEDULER_BASE}/widget/booking/[widgetId]`,
          entrypoint: fileURLToPath(new URL('./scheduler.astro', import.meta.url)),
        });
        injectRoute({ pattern: LOCAL_SCHEDULER_EMBED_SCRIPT, entrypoint: fileURLToPath(new URL('./embed-script.ts', import.meta.url)) });
        updateConfig({ vite: { define: { __LOCAL_SCHEDULER__: 'true' } } });
      },
    },
  };
}
